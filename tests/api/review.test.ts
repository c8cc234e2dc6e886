// The spaced-review schedule behind the daily challenge, /review and the team's knowledge
// (docs/decisions.md "Spaced review"), with the test clock: every request says what time it is.
// In process only: the test clock is honoured only when this process enables it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeVerdictSchema, dailyChallengeSchema } from '~/shared/api/daily-challenge';
import { submitQuizResponseSchema } from '~/shared/api/quizzes';
import { reviewSessionSchema, reviewVerdictSchema } from '~/shared/api/review';
import { teamKnowledgeSchema, teamProgressResponseSchema } from '~/shared/api/team';
import { DEMO_ADMIN, DEMO_USER } from '~/server/demo-accounts';
import { committedContent } from './content-bank';
import { type ApiClient, expectJson, messageOf, signIn, signUp, useTestApp } from './harness';

const inProcess = process.env['API_BASE_URL'] === undefined;
const t = useTestApp();
beforeAll(() => {
  process.env['PARCELWISE_TEST_CLOCK'] = 'true';
});
afterAll(() => {
  delete process.env['PARCELWISE_TEST_CLOCK'];
});

const DAY = 24 * 60 * 60 * 1000;
/** Day 0, 10:00 UTC; `on(n, 'HH:MM')` is another time n days later. */
const DAY0 = Date.parse('2030-03-10T00:00:00.000Z');
const on = (day: number, time = '10:00') =>
  new Date(DAY0 + day * DAY + Date.parse(`1970-01-01T${time.length === 5 ? `${time}:00` : time}Z`)).toISOString();

const call = (client: ApiClient, method: string, path: string, now: string, body?: unknown) =>
  client.request(method, path, { headers: { 'x-parcelwise-now': now }, ...(body === undefined ? {} : { body }) });

const challengeAt = async (client: ApiClient, now: string) =>
  expectJson(await call(client, 'GET', '/api/daily-challenge', now), 200, dailyChallengeSchema);
const sessionAt = async (client: ApiClient, now: string) =>
  expectJson(await call(client, 'GET', '/api/review', now), 200, reviewSessionSchema);

/** Each question's correct option of a quiz, from the content the site was built from. */
function answerKey(quizId: number): Record<string, string> {
  const quiz = committedContent().quizzes.find((candidate) => candidate.id === quizId);
  if (!quiz) throw new Error(`no quiz ${quizId}`);
  return Object.fromEntries(quiz.questions.map((question) => [question.id, question.options.find((option) => option.isCorrect)!.id]));
}
const wrongOf = (correct: string) => (correct === 'a' ? 'b' : 'a');

/** Submits a quiz at `now`: the listed questions wrong, every other one right. */
async function takeQuiz(client: ApiClient, quizId: number, key: Record<string, string>, now: string, wrong: string[] = []) {
  const answers = Object.entries(key).map(([questionId, correct]) => ({
    questionId,
    selectedOptionId: wrong.includes(questionId) ? wrongOf(correct) : correct,
  }));
  return expectJson(await call(client, 'POST', '/api/quiz-results', now, { quizId, answers }), 201, submitQuizResponseSchema);
}

describe.skipIf(!inProcess)('the schedule behind the daily challenge', () => {
  it('a question answered wrong in a quiz is that user’s challenge the next day; two users get their own', async () => {
    const [key1, key2] = [answerKey(1), answerKey(2)];
    const ana = (await signUp(t.app, 'Ana')).client;
    const ben = (await signUp(t.app, 'Ben')).client;
    await takeQuiz(ana, 1, key1, on(0), ['q3']);
    await takeQuiz(ben, 2, key2, on(0), ['q2']);

    const anaNext = await challengeAt(ana, on(1, '00:30'));
    const benNext = await challengeAt(ben, on(1, '00:30'));
    expect(anaNext.id).toBe('1:q3');
    expect(benNext.id).toBe('2:q2');
    // Stable through the window, on every reload, whatever is answered meanwhile.
    await takeQuiz(ana, 1, key1, on(1, '03:00'), ['q1']);
    expect((await challengeAt(ana, on(1, '11:59'))).id).toBe('1:q3');

    // Answered right, the card moves on (due in 3 days): the next window brings the next due card.
    const verdict = await expectJson(
      await call(ana, 'POST', '/api/daily-challenge/complete', on(1, '11:00'), { questionId: '1:q3', answerId: key1['q3'] }),
      200,
      challengeVerdictSchema,
    );
    expect(verdict).toMatchObject({ correct: true, correctOptionId: key1['q3'] });
    expect((await challengeAt(ana, on(1, '12:30'))).id).not.toBe('1:q3');
    // q1, missed in the quiz of day 1, is due on day 2.
    const later = await challengeAt(ana, on(2, '00:30'));
    expect(later.id).toBe('1:q1');
    expect(later.streak).toBe(1);
  });

  it('no quiz submission grades the unanswered challenge question: trying every option reveals nothing, in the answer or the stored results', async () => {
    const { client } = await signUp(t.app, 'Prober');
    const challenge = await challengeAt(client, on(6));
    const [quizId, questionId] = challenge.id.split(':');
    const verdicts = [];
    for (const option of challenge.options) {
      const result = await expectJson(
        await call(client, 'POST', '/api/quiz-results', on(6), {
          quizId: Number(quizId),
          answers: [{ questionId: questionId!, selectedOptionId: option.id }],
        }),
        201,
        submitQuizResponseSchema,
      );
      const answer = result.answers.find((item) => item.questionId === questionId)!;
      expect(answer).toEqual({ questionId, selectedOptionId: option.id, heldBack: true, revision: 1 });
      verdicts.push([result.score, result.correctAnswers, result.totalQuestions]);
    }
    // The same score whichever option was chosen: the held-back question is not counted.
    expect(new Set(verdicts.map((verdict) => verdict.join('/'))).size).toBe(1);
    expect(verdicts[0]![1]).toBe(0);
    const listed = await (await call(client, 'GET', '/api/quiz-results', on(6))).text();
    expect(listed).not.toMatch(new RegExp(`"questionId":"${questionId}","selectedOptionId":"[a-e]","isCorrect"`));
  });

  it('the answer key of an unanswered challenge stays out of a quiz review until it is answered', async () => {
    const { client } = await signUp(t.app, 'Curious');
    const challenge = await challengeAt(client, on(5));
    const [quizId, questionId] = challenge.id.split(':');
    const everyQuestion = Object.keys(answerKey(Number(quizId))).map((id) => ({ questionId: id, selectedOptionId: 'a' }));
    const submitted = await expectJson(
      await call(client, 'POST', '/api/quiz-results', on(5), { quizId: Number(quizId), answers: everyQuestion }),
      201,
      submitQuizResponseSchema,
    );
    const held = submitted.review.find((item) => item.questionId === questionId);
    expect(held).toEqual({ questionId, correctOptionId: null, explanation: null });
    expect(submitted.review.filter((item) => item.correctOptionId !== null)).toHaveLength(submitted.review.length - 1);
    // Nor anywhere else the user can fetch.
    for (const path of ['/api/daily-challenge', '/api/review', '/api/quizzes']) {
      const text = await (await call(client, 'GET', path, on(5))).text();
      expect(text, path).not.toContain('correctOptionId');
      expect(text, path).not.toContain('isCorrect');
    }
    const review = await call(client, 'POST', '/api/review', on(5), { questionId: challenge.id, answerId: challenge.options[0]!.id });
    expect(await messageOf(review, 400)).toMatch(/^questionId: /);

    await call(client, 'POST', '/api/daily-challenge/complete', on(5), { questionId: challenge.id, answerId: challenge.options[0]!.id });
    const after = await expectJson(
      await call(client, 'POST', '/api/quiz-results', on(5), { quizId: Number(quizId), answers: everyQuestion }),
      201,
      submitQuizResponseSchema,
    );
    expect(after.review.find((item) => item.questionId === questionId)?.correctOptionId).toMatch(/^[a-e]$/);
  });

  it('a window ends at 12:00 UTC sharp: the answer counted in it stays there', async () => {
    const { client } = await signUp(t.app, 'Edge');
    const last = await challengeAt(client, on(30, '11:59:59.999'));
    expect(last.nextRefreshHours).toBe('0.1');
    await call(client, 'POST', '/api/daily-challenge/complete', on(30, '11:59:59.999'), {
      questionId: last.id,
      answerId: last.options[0]!.id,
    });
    expect((await challengeAt(client, on(30, '11:59:59.999'))).answer?.answerId).toBe(last.options[0]!.id);
    const next = await challengeAt(client, on(30, '12:00'));
    expect(next.nextRefreshHours).toBe('12.0');
    expect(next.answer).toBeNull();
    expect(next.streak).toBe(1);
    // The last window's question is no longer the challenge.
    const late = await call(client, 'POST', '/api/daily-challenge/complete', on(30, '12:00'), {
      questionId: next.id === last.id ? 'not-it' : last.id,
      answerId: 'a',
    });
    expect(await messageOf(late, 400)).toBe('questionId: not the current daily challenge');
  });

  it('20 answers sent at once for one user are all counted', async () => {
    const { client } = await signUp(t.app, 'Twin Tabs');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(client, 'POST', '/api/quiz-results', on(8), { quizId: 1, answers: [{ questionId: 'q1', selectedOptionId: 'a' }] }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    expect((await sessionAt(client, on(8, '10:05'))).answersCounted).toBe(20);
    // Blank questions are not answers.
    await call(client, 'POST', '/api/quiz-results', on(8), { quizId: 1, answers: [] });
    expect((await sessionAt(client, on(8, '10:06'))).answersCounted).toBe(20);
  });
});

describe.skipIf(!inProcess)('/review', () => {
  let key: Record<string, string>;
  let client: ApiClient;
  beforeAll(async () => {
    key = answerKey(3);
    // A reviewer whose challenge that day is not a question of quiz 3 (the pick hashes the user's id): a
    // question answered as the challenge and in the quiz at the same instant would end right or wrong
    // depending on which answer is folded last.
    let challenge: Awaited<ReturnType<typeof challengeAt>> | undefined;
    for (let attempt = 0; attempt < 20 && (!challenge || challenge.id.startsWith('3:')); attempt++) {
      client = (await signUp(t.app, 'Reviewer')).client;
      challenge = await challengeAt(client, on(10));
    }
    if (!challenge || challenge.id.startsWith('3:')) throw new Error('no reviewer whose day-10 challenge is outside quiz 3');
    // The day's challenge answered (rightly) before the quiz, as most people do.
    const [challengeQuiz, challengeQuestion] = challenge.id.split(':');
    const challengeKey = answerKey(Number(challengeQuiz));
    await call(client, 'POST', '/api/daily-challenge/complete', on(10), {
      questionId: challenge.id,
      answerId: challengeKey[challengeQuestion!],
    });
    await takeQuiz(client, 3, key, on(10), Object.keys(key));
  });

  it('serves the due cards (less the challenge) without keys, grades answers and names the lesson', async () => {
    const session = await sessionAt(client, on(11));
    const total = Object.keys(key).length;
    expect(session.challengePending).toBe(true);
    expect(session.dueCount).toBe(total - 1);
    expect(session.questions).toHaveLength(total - 1);
    expect(session.questions.every((question) => question.id.startsWith('3:'))).toBe(true);

    const [first, second] = session.questions;
    const firstId = first!.id.split(':')[1]!;
    const right = await expectJson(
      await call(client, 'POST', '/api/review', on(11), { questionId: first!.id, answerId: key[firstId] }),
      200,
      reviewVerdictSchema,
    );
    expect(right).toMatchObject({ correct: true, correctOptionId: key[firstId], nextReviewAt: on(14, '00:00'), dueCount: total - 2 });
    expect(right.lesson?.href).toMatch(/^\/modules\/\d+\/lessons\/\d+$/);
    expect(right.explanation.length).toBeGreaterThan(0);

    const secondId = second!.id.split(':')[1]!;
    // A forged "correct" flag is ignored.
    const wrong = await expectJson(
      await call(client, 'POST', '/api/review', on(11), { questionId: second!.id, answerId: wrongOf(key[secondId]!), correct: true }),
      200,
      reviewVerdictSchema,
    );
    expect(wrong).toMatchObject({ correct: false, nextReviewAt: on(12, '00:00') });
  });

  it.each([
    [{ questionId: '3:nope', answerId: 'a' }, /^questionId: unknown question/],
    [{ questionId: '999:q1', answerId: 'a' }, /^questionId: unknown question/],
    [{ questionId: '1:q1', answerId: 'a' }, /^questionId: not due for review/],
    [{ questionId: '3:q5', answerId: 'zz' }, /^answerId: /],
    [{ questionId: '3:q5' }, /^answerId/],
    [{ questionId: '3:q5', answerId: 'a', confidence: 'maybe' }, /^confidence: must be 'sure' or 'unsure'$/],
    [{ answerId: 'a' }, /^questionId/],
  ])('rejects %j with 400 naming the field, storing nothing', async (body, message) => {
    const before = (await sessionAt(client, on(11, '11:00'))).answersCounted;
    expect(await messageOf(await call(client, 'POST', '/api/review', on(11, '11:00'), body), 400)).toMatch(message);
    expect((await sessionAt(client, on(11, '11:00'))).answersCounted).toBe(before);
  });

  it('works as a form without JavaScript: posts to /review and shows the verdict with the lesson', async () => {
    const page = async (method: string, path: string, form?: string) =>
      client.request(method, path, {
        headers: {
          'x-parcelwise-now': on(11, '11:30'),
          Accept: 'text/html',
          ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { rawBody: form } : {}),
      });
    const get = await page('GET', '/review');
    const html = await get.text();
    expect(get.status).toBe(200);
    const questionId = /name="questionId" value="([^"]+)"/.exec(html)?.[1];
    expect(questionId).toMatch(/^3:q\d+$/);
    expect(html).not.toContain('isCorrect');
    const answered = await page(
      'POST',
      '/review?done=0&right=0',
      `questionId=${encodeURIComponent(questionId!)}&answerId=${key[questionId!.split(':')[1]!]}`,
    );
    const verdict = await answered.text();
    expect(answered.status).toBe(200);
    expect(verdict).toContain('Correct!');
    expect(verdict).toMatch(/href="\/modules\/\d+\/lessons\/\d+"/);
    expect(verdict).toContain('/review?done=1&amp;right=1');
    const bad = await page('POST', '/review', `questionId=${encodeURIComponent(questionId!)}`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('data-testid="review-error"');
  });

  it('then "all caught up" with the date of the next due card', async () => {
    for (;;) {
      const session = await sessionAt(client, on(11, '12:30'));
      const next = session.questions[0];
      if (!next) {
        expect(session.dueCount).toBe(0);
        expect(session.nextDueAt).toBe(on(12, '00:00'));
        break;
      }
      await call(client, 'POST', '/api/review', on(11, '12:30'), { questionId: next.id, answerId: key[next.id.split(':')[1]!] });
    }
    const html = await (
      await client.request('GET', '/review', { headers: { 'x-parcelwise-now': on(11, '12:40'), Accept: 'text/html' } })
    ).text();
    expect(html).toContain('All caught up');
    expect(html).toContain('Your next question is due on March 22, 2030.');
  });
});

describe.skipIf(!inProcess)('mastery and the team’s knowledge gaps', () => {
  it('mastery moves on the module cards once predicted recall three weeks ahead reaches 90 %', async () => {
    const key = answerKey(1);
    const { client } = await signUp(t.app, 'Master');
    const home = async (now: string) =>
      (await client.request('GET', '/', { headers: { 'x-parcelwise-now': now, Accept: 'text/html' } })).text();
    await takeQuiz(client, 1, key, on(20));
    expect(await home(on(20, '11:00'))).not.toMatch(/data-mastery="[1-9]/);
    await takeQuiz(client, 1, key, on(23));
    expect(await home(on(23, '11:00'))).not.toMatch(/data-mastery="[1-9]/);
    // A third right answer a week later: recall three weeks on is predicted above 90 %.
    await takeQuiz(client, 1, key, on(30));
    const page = await home(on(30, '11:00'));
    const figures = [...page.matchAll(/data-mastery="(\d+)"/g)].map((match) => Number(match[1]));
    expect(Math.max(...figures)).toBeGreaterThan(0);
    expect(page).toContain('Mastery: the share of the questions whose predicted recall 21 days from now is at least 90%.');
    expect(page).toMatch(/Predicted recall today: \d+%/);
  });

  it('administrators get the knowledge section; anyone else gets 403', async () => {
    const admin = await signIn(t.app, DEMO_ADMIN);
    const knowledge = await expectJson(await call(admin, 'GET', '/api/team-progress/knowledge', on(31)), 200, teamKnowledgeSchema);
    expect(knowledge.topics.length).toBeGreaterThan(0);
    const missed = knowledge.mostMissed[0]!;
    expect(missed.misses).toBeGreaterThan(0);
    expect(missed.missRate).toBeGreaterThan(0);
    expect(missed.learners).toBeGreaterThan(0);
    expect(missed.lesson?.href).toMatch(/^\/modules\/\d+\/lessons\/\d+$/);
    const rows = await expectJson(await call(admin, 'GET', '/api/team-progress', on(31)), 200, teamProgressResponseSchema);
    expect(Math.max(...rows.map((row) => row.mastery))).toBeGreaterThan(0);
    const page = await (
      await admin.request('GET', '/team-progress', { headers: { 'x-parcelwise-now': on(31), Accept: 'text/html' } })
    ).text();
    expect(page).toContain('data-testid="knowledge"');
    expect(page).toContain('Most missed questions, last 30 days');
    expect(page).toContain('Answered wrong while sure, last 30 days');
    expect(page).toContain('Predicted recall');

    const user = await signIn(t.app, DEMO_USER);
    expect(await messageOf(await user.get('/api/team-progress/knowledge'), 403)).toBe(
      'The Team Progress dashboard is only accessible to administrators.',
    );
  });
});
