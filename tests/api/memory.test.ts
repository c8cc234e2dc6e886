// The memory model behind the challenge and /review (docs/decisions.md "Memory model"), with the test
// clock: sure or not sure, a vacation hold, working days (PATCH /api/preferences and the streak), and
// progress across content revisions. Answers go through the
// built site; a hold and changed content are passed to the services (the built content is fixed, and the
// hold comes from preferences another part of the product reads), on the same Blobs server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyChallengeSchema } from '~/shared/api/daily-challenge';
import { preferencesSchema } from '~/shared/api/preferences';
import { submitQuizResponseSchema } from '~/shared/api/quizzes';
import { reviewSessionSchema, reviewVerdictSchema } from '~/shared/api/review';
import { dayOf } from '~/shared/review/days';
import { completedIn, effectiveModuleStatus, recordLessonCompletions, reopenedIn } from '~/server/learning/progress';
import { progress } from '~/server/learning/storage/progress';
import { getDailyChallenge } from '~/server/review/daily-challenge';
import { answerReview, getReviewSession } from '~/server/review/review';
import { getTeamProgress } from '~/server/team/team-progress';
import { listKeys } from '~/server/storage/blobs';
import { bankOf, committedContent, withLessonChange, withQuestionChange, type Content } from './content-bank';
import { type ApiClient, expectJson, messageOf, signUp, useTestApp } from './harness';

const inProcess = process.env['API_BASE_URL'] === undefined;
const t = useTestApp();
let content: Content;
beforeAll(() => {
  process.env['PARCELWISE_TEST_CLOCK'] = 'true';
  content = committedContent();
});
afterAll(() => {
  delete process.env['PARCELWISE_TEST_CLOCK'];
});

const DAY = 24 * 60 * 60 * 1000;
const DAY0 = Date.parse('2031-06-01T00:00:00.000Z');
const on = (day: number, time = '10:00') => new Date(DAY0 + day * DAY + Date.parse(`1970-01-01T${time}:00Z`));
const dayNumber = (day: number) => dayOf(on(day));

const call = (client: ApiClient, method: string, path: string, now: Date, body?: unknown) =>
  client.request(method, path, { headers: { 'x-parcelwise-now': now.toISOString() }, ...(body === undefined ? {} : { body }) });
const sessionAt = async (client: ApiClient, now: Date) =>
  expectJson(await call(client, 'GET', '/api/review', now), 200, reviewSessionSchema);

/** Quiz 3's key, from the content. */
const keyOf = (quizId: number) =>
  Object.fromEntries(
    content.quizzes
      .find((quiz) => quiz.id === quizId)!
      .questions.map((question) => [question.id, question.options.find((o) => o.isCorrect)!.id]),
  );
const wrongOf = (correct: string) => (correct === 'a' ? 'b' : 'a');

async function takeQuiz(client: ApiClient, quizId: number, now: Date, wrong: readonly string[] = []) {
  const answers = Object.entries(keyOf(quizId)).map(([questionId, correct]) => ({
    questionId,
    selectedOptionId: wrong.includes(questionId) ? wrongOf(correct) : correct,
  }));
  return expectJson(await call(client, 'POST', '/api/quiz-results', now, { quizId, answers }), 201, submitQuizResponseSchema);
}

/** Answers the day's challenge (right), so its question is not held back from /review. */
async function answerChallenge(client: ApiClient, now: Date) {
  const challenge = await expectJson(await call(client, 'GET', '/api/daily-challenge', now), 200, dailyChallengeSchema);
  const [quizId, questionId] = challenge.id.split(':');
  const answerId = keyOf(Number(quizId))[questionId!]!;
  expect((await call(client, 'POST', '/api/daily-challenge/complete', now, { questionId: challenge.id, answerId })).status).toBe(200);
}

describe.skipIf(!inProcess)('sure or not sure', () => {
  it('a confident wrong answer comes back before an unsure right one', async () => {
    const { client } = await signUp(t.app, 'Sure Or Not');
    await takeQuiz(client, 3, on(0)); // right: due again three days later
    await answerChallenge(client, on(3));
    const session = await sessionAt(client, on(3));
    expect(session.questions.length).toBeGreaterThanOrEqual(2);
    const [first, second] = session.questions.map((question) => question.id);
    const key = keyOf(3);
    const answer = async (id: string, correct: boolean, confidence: 'sure' | 'unsure') =>
      expectJson(
        await call(client, 'POST', '/api/review', on(3), {
          questionId: id,
          answerId: correct ? key[id.split(':')[1]!] : wrongOf(key[id.split(':')[1]!]!),
          confidence,
        }),
        200,
        reviewVerdictSchema,
      );
    const confidentlyWrong = await answer(first!, false, 'sure');
    const unsureRight = await answer(second!, true, 'unsure');
    expect(confidentlyWrong.nextReviewAt < unsureRight.nextReviewAt).toBe(true);
    // Once both are due, the one answered wrong while sure comes first: its predicted recall is lower. The
    // day's challenge is the due card with the lowest recall, then /review lists the others, lowest first.
    const later = new Date(Date.parse(unsureRight.nextReviewAt) + 10 * 60 * 60 * 1000);
    const challenge = await expectJson(await call(client, 'GET', '/api/daily-challenge', later), 200, dailyChallengeSchema);
    const due = (await sessionAt(client, later)).questions;
    const order = [challenge.id, ...due.map((question) => question.id)];
    expect(order.indexOf(first!)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(first!)).toBeLessThan(order.indexOf(second!));
    expect(due.every((question, index) => index === 0 || due[index - 1]!.recall <= question.recall)).toBe(true);
    expect(due.every((question) => question.due <= later.toISOString().slice(0, 10))).toBe(true);
  });
});

describe.skipIf(!inProcess)('a vacation hold', () => {
  it('of 10 days leaves nothing due during it and breaks no streak; the schedule resumes from its end', async () => {
    const { client, user } = await signUp(t.app, 'On Holiday');
    for (let day = 10; day <= 15; day++) await answerChallenge(client, on(day, '09:00'));
    await takeQuiz(client, 3, on(15), Object.keys(keyOf(3))); // all wrong: due on day 16
    const hold = { holdUntil: dayNumber(25), bank: bankOf(content) }; // days 16 to 25
    expect((await sessionAt(client, on(16))).dueCount).toBeGreaterThan(0);
    for (const day of [16, 20, 25]) {
      const session = await getReviewSession(user.id, on(day), hold);
      expect(session, `day ${day}`).toMatchObject({ dueCount: 0, questions: [] });
      expect(session.nextDueAt).toBe(on(26, '00:00').toISOString());
      expect((await getDailyChallenge(user.id, on(day), hold)).streak, `day ${day}`).toBe(6);
    }
    // Without the hold, the streak is broken after two missed days.
    expect((await getDailyChallenge(user.id, on(20), { bank: hold.bank })).streak).toBe(0);
    // The day after: due again, shifted by the hold's ten days, and the streak goes on.
    const after = await getReviewSession(user.id, on(26), hold);
    expect(after.dueCount).toBeGreaterThan(0);
    expect(after.questions[0]!.due).toBe(on(26).toISOString().slice(0, 10));
    expect((await getDailyChallenge(user.id, on(26), hold)).streak).toBe(6);
  });

  it('set through PATCH /api/preferences: /review and the challenge keep to it, over HTTP', async () => {
    const { client } = await signUp(t.app, 'Preferred Holiday');
    for (let day = 10; day <= 15; day++) await answerChallenge(client, on(day, '09:00'));
    await takeQuiz(client, 3, on(15), Object.keys(keyOf(3)));
    const holdUntil = on(25).toISOString().slice(0, 10);
    expect((await call(client, 'PATCH', '/api/preferences', on(15, '20:00'), { reviewHoldUntil: holdUntil })).status).toBe(200);
    for (const day of [16, 25]) {
      expect(await sessionAt(client, on(day)), `day ${day}`).toMatchObject({
        dueCount: 0,
        questions: [],
        nextDueAt: on(26, '00:00').toISOString(),
      });
      const challenge = await expectJson(await call(client, 'GET', '/api/daily-challenge', on(day)), 200, dailyChallengeSchema);
      expect(challenge.streak, `day ${day}`).toBe(6);
    }
    expect((await sessionAt(client, on(26))).dueCount).toBeGreaterThan(0);
    // Ended early: due at once.
    expect((await call(client, 'PATCH', '/api/preferences', on(20), { reviewHoldUntil: null })).status).toBe(200);
    expect((await sessionAt(client, on(20))).dueCount).toBeGreaterThan(0);
  });

  it('spreads a backlog: at most 20 due a day, answers on /review that day included', async () => {
    const { client, user } = await signUp(t.app, 'Back Log');
    for (const quizId of [1, 2, 3, 4]) await takeQuiz(client, quizId, on(30), Object.keys(keyOf(quizId)));
    const bank = bankOf(content);
    const held = { holdUntil: dayNumber(40), bank };
    const first = await getReviewSession(user.id, on(41), held);
    expect(first.dueCount).toBe(20);
    expect(first.questions).toHaveLength(10);
    expect(first.nextDueAt).toBe(on(42, '00:00').toISOString());
    await answerChallenge(client, on(41));
    const state = await getReviewSession(user.id, on(41), held);
    for (const question of state.questions.slice(0, 5)) {
      const [quizId, questionId] = question.id.split(':');
      await answerReview(user.id, { questionId: question.id, answerId: keyOf(Number(quizId))[questionId!]! }, on(41), undefined, held);
    }
    expect((await getReviewSession(user.id, on(41), held)).dueCount).toBe(15);
    expect((await getReviewSession(user.id, on(42), held)).dueCount).toBe(20);
  });
});

describe('working days', () => {
  it('PATCH /api/preferences takes ISO weekdays, at least one, each once; otherwise 400 naming the field', async () => {
    const { client } = await signUp(t.app, 'Week Setter');
    const patch = (workingDays: unknown) => client.request('PATCH', '/api/preferences', { body: { workingDays } });
    expect(await expectJson(await client.get('/api/preferences'), 200, preferencesSchema)).toMatchObject({ workingDays: [1, 2, 3, 4, 5] });
    expect(await expectJson(await patch([7, 1, 2, 3, 4]), 200, preferencesSchema)).toMatchObject({ workingDays: [1, 2, 3, 4, 7] });
    expect(await messageOf(await patch([]), 400)).toBe('workingDays: must name at least one day');
    for (const days of [
      [0, 1],
      [1, 8],
    ]) {
      expect(await messageOf(await patch(days), 400)).toBe('workingDays: must be weekday numbers from 1 (Monday) to 7 (Sunday)');
    }
    expect(await messageOf(await patch([1, 2, 2]), 400)).toBe('workingDays: must not name a day twice');
    // Nothing refused changed anything.
    expect(await expectJson(await client.get('/api/preferences'), 200, preferencesSchema)).toMatchObject({ workingDays: [1, 2, 3, 4, 7] });
  });

  it('PATCH /api/preferences switches call reminders, off by default; anything but true or false is 400 naming the field', async () => {
    const { client } = await signUp(t.app, 'Reminder Setter');
    const patch = (callReminders: unknown) => client.request('PATCH', '/api/preferences', { body: { callReminders } });
    expect(await expectJson(await client.get('/api/preferences'), 200, preferencesSchema)).toMatchObject({ callReminders: false });
    expect(await expectJson(await patch(true), 200, preferencesSchema)).toMatchObject({ callReminders: true, digest: 'daily' });
    expect(await messageOf(await patch('yes'), 400)).toBe('callReminders: must be true or false');
    expect(await expectJson(await client.get('/api/preferences'), 200, preferencesSchema)).toMatchObject({ callReminders: true });
    expect(await expectJson(await patch(false), 200, preferencesSchema)).toMatchObject({ callReminders: false });
  });

  it.skipIf(!inProcess)('the streak skips the weekend by default, counts an answer given on it, and follows a change', async () => {
    const { client } = await signUp(t.app, 'Week Worker');
    const streakAt = async (now: Date) =>
      (await expectJson(await call(client, 'GET', '/api/daily-challenge', now), 200, dailyChallengeSchema)).streak;
    // 2031-06-30 (day 29) is a Monday: Monday to Friday answered.
    for (let day = 29; day <= 33; day++) await answerChallenge(client, on(day, '09:00'));
    expect(await streakAt(on(34, '08:00'))).toBe(5);
    await answerChallenge(client, on(34, '09:00')); // Saturday: a day off, and the answer counts
    expect(await streakAt(on(36))).toBe(6);
    // Working Monday to Thursday from now on: Friday and the weekend were days off, over the whole history.
    expect((await call(client, 'PATCH', '/api/preferences', on(36), { workingDays: [1, 2, 3, 4] })).status).toBe(200);
    expect(await streakAt(on(36, '11:00'))).toBe(6);
    // Monday missed: the grace day covers it; Tuesday missed too ends it.
    expect(await streakAt(on(37, '11:00'))).toBe(6);
    expect(await streakAt(on(38, '11:00'))).toBe(0);
  });
});

describe.skipIf(!inProcess)('content revisions', () => {
  it('a material change to a question makes it due again; a typo change does not', async () => {
    const { client, user } = await signUp(t.app, 'Reviser');
    await takeQuiz(client, 3, on(50));
    await answerChallenge(client, on(51));
    const unchanged = await getReviewSession(user.id, on(51), { bank: bankOf(content) });
    expect(unchanged.questions.map((question) => question.id)).not.toContain('3:q2');
    const typo = bankOf(withQuestionChange(content, 3, 'q2', { revision: 2, change: 'typo', changeNote: 'Fixed a typo.' }));
    expect((await getReviewSession(user.id, on(51), { bank: typo })).questions.map((question) => question.id)).not.toContain('3:q2');
    const material = bankOf(withQuestionChange(content, 3, 'q2', { revision: 2, change: 'material', changeNote: 'The cap rate is 5%.' }));
    const changed = await getReviewSession(user.id, on(51), { bank: material });
    expect(changed.questions[0]).toMatchObject({ id: '3:q2', recall: 0 });
    // Answered on the new revision, it starts afresh and is recorded as such.
    await answerReview(user.id, { questionId: '3:q2', answerId: keyOf(3)['q2']!, confidence: 'sure' }, on(51), undefined, {
      bank: material,
    });
    expect((await getReviewSession(user.id, on(51), { bank: material })).questions.map((question) => question.id)).not.toContain('3:q2');
    const keys = await listKeys(`review-answers/${user.id}/`);
    expect(keys.filter((key) => key.includes('.3.q2.')).map((key) => key.slice(key.indexOf('.3.q2.')))).toEqual(
      expect.arrayContaining([`.3.q2.${keyOf(3)['q2']}.1.quiz.r1`, `.3.q2.${keyOf(3)['q2']}.1.review.s.r2m2`]),
    );
  });

  it('a material change to a lesson reopens it, and its module, for those who completed it before; a typo change does not', async () => {
    const { client, user } = await signUp(t.app, 'Reader');
    const module = content.modules[0]!;
    const lessonIds = module.lessons.map((lesson) => lesson.id);
    const done = await call(client, 'PATCH', `/api/progress/${module.id}`, on(60), { completedLessons: lessonIds });
    expect(done.status).toBe(200);
    const rows = await progress.completedLessons(user.id);
    const [lesson] = module.lessons;
    const note = 'The mission statement changed.';
    // The lesson's next revision: it may already have been revised in the content.
    const next = (lesson!.revision ?? 1) + 1;
    const typo = withLessonChange(content, lesson!.id, { revision: next, change: 'typo', changeNote: 'Fixed a typo.' }).modules[0]!;
    const material = withLessonChange(content, lesson!.id, { revision: next, change: 'material', changeNote: note }).modules[0]!;
    expect(completedIn(typo, rows)).toEqual(lessonIds);
    expect(reopenedIn(typo, rows)).toEqual([]);
    expect(completedIn(material, rows)).toEqual(lessonIds.slice(1));
    expect(reopenedIn(material, rows)).toEqual([{ id: lesson!.id, title: lesson!.title, changeNote: note }]);
    expect(effectiveModuleStatus('completed', completedIn(material, rows).length, material.lessonCount)).toBe('in_progress');
    const team = async (modules: Content['modules']) =>
      (await getTeamProgress({ curriculum: modules, bank: bankOf(content), programs: new Map(), now: on(60, '11:00') })).rows.find(
        (row) => row.id === user.id,
      )!;
    const changedModules = content.modules.map((each) => (each.id === module.id ? material : each));
    expect((await team(changedModules)).progress).toBeLessThan((await team(content.modules)).progress);

    // Completed again on the new revision: done, its module too, and recorded on that revision.
    const record = await recordLessonCompletions(user.id, material, [lesson!.id], { now: on(61) });
    expect(record.status).toBe('completed');
    const again = await progress.completedLessons(user.id);
    expect(reopenedIn(material, again)).toEqual([]);
    expect(again).toContainEqual({ moduleId: module.id, lessonId: String(lesson!.id), revision: next });
  });
});
