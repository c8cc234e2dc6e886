// The review cards against a local BlobsServer: the snapshot (rolled forward once per window, equal to a
// fold of every answer), the challenge stable within its window, the Blobs requests of a read, and the
// team rollup folding the same answers (incrementally or rebuilt, each answer once).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '~/shared/review/days';
import { foldAnswers } from '~/shared/review/memory';
import { z } from 'zod';
import { listKeys, writeJSON } from '~/server/storage/blobs';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { progress } from '~/server/learning/storage/progress';
import { reviewAnswers } from '~/server/review/storage/review-answers';
import { users } from '~/server/accounts/storage/users';
import { getDailyChallenge } from './daily-challenge';
import { buildQuestionBank } from './question-bank';
import { backgroundWorkDone } from '~/server/background';
import { RETRY_WINDOW_MS } from '~/server/retries';
import { factEventId } from '~/server/storage/keys';
import { challengeStreakOf, countedAnswers, loadReviewState, recordAnswers } from './review-state';
import { updatePreferences } from '../preferences/preferences';
import { getTeamProgress } from '../team/team-progress';
import { rebuildRollups } from '../team/team-rollup';

const requests: string[] = [];
let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs({ onRequest: ({ type }) => requests.push(type) });
});
afterAll(() => blobs.stop());

const T0 = Date.parse('2026-11-01T00:00:00.000Z');
const at = (days: number, hours = 9) => new Date(T0 + days * DAY_MS + hours * 60 * 60 * 1000);
const answer = (questionId: string, correct: boolean, confidence: 'sure' | 'unsure' | null = null) => ({
  quizId: 1,
  questionId,
  optionId: correct ? 'a' : 'b',
  correct,
  confidence,
  revision: 1,
  materialRevision: 1,
});

const bank = buildQuestionBank(
  [1, 2].map((id) => ({
    review: { owner: 'aaliyah-brooks', lastReviewed: '2026-09-01', reviewBy: '2027-09-01' },
    id,
    title: `Quiz ${id}`,
    description: 'd',
    category: id === 1 ? ('Company' as const) : ('Product' as const),
    difficulty: 'beginner' as const,
    questions: ['q1', 'q2', 'q3', 'q4', 'q5'].map((questionId) => ({
      id: questionId,
      text: `${id} ${questionId}`,
      lessonId: id * 100 + 1,
      explanation: 'e',
      options: [
        { id: 'a', text: 'A', isCorrect: true },
        { id: 'b', text: 'B', isCorrect: false },
      ],
    })),
  })),
  [1, 2].map((id) => ({ id, lessons: [{ id: id * 100 + 1, title: `L${id}`, type: 'article' as const, duration: 5, order: 1 }] })),
);

describe('review state', () => {
  it('folds answers across windows and months; a read of a current snapshot is one round trip', async () => {
    const user = randomUUID();
    const history: Array<[number, string, boolean, 'sure' | 'unsure' | null]> = [
      [0, 'q1', false, 'sure'],
      [1, 'q1', true, 'unsure'],
      [3, 'q2', true, null],
      [40, 'q3', false, null],
      [41, 'q1', true, 'sure'],
    ];
    for (const [day, questionId, correct, confidence] of history) {
      await recordAnswers(user, [answer(questionId, correct, confidence)], 'quiz', at(day));
    }

    const now = at(41, 15); // the afternoon window: day 41's morning answer is before it
    const state = await loadReviewState(user, now, { bank });
    await backgroundWorkDone(); // the snapshot is saved off the answer's path
    const everything = foldAnswers(
      {},
      history.map(([day, questionId, correct, confidence]) => ({
        questionKey: `1:${questionId}`,
        correct,
        confidence,
        at: at(day).getTime(),
        revision: 1,
      })),
    );
    expect(state.cards).toEqual(everything);
    expect(state.cardsAtWindowStart).toEqual(everything);
    expect((await reviewAnswers.snapshot(user))?.through).toBe(at(41, 12).toISOString());

    // A new answer in this window: shown at once, not in the window-start cards (the challenge's base).
    await recordAnswers(user, [answer('q4', false)], 'review', at(41, 16));
    requests.length = 0;
    const later = await loadReviewState(user, at(41, 17), { bank });
    // In parallel: the snapshot, the person's preferences, and the folders a 13-hour window may span.
    expect(requests.sort()).toEqual(['get', 'get', 'list', 'list']);
    expect(later.cards['1:q4']).toMatchObject({ reps: 1, due: T0 / DAY_MS + 42 }); // wrong: due the next day
    expect(later.cardsAtWindowStart['1:q4']).toBeUndefined();
    expect(later.reviewsToday).toBe(1);

    // Next window: rolled forward once, then equal to a fold of every answer again.
    const next = await loadReviewState(user, at(42, 1), { bank });
    await backgroundWorkDone();
    expect(next.cardsAtWindowStart['1:q4']).toMatchObject({ reps: 1 });
    expect((await reviewAnswers.snapshot(user))?.through).toBe(at(42, 0).toISOString());
  });

  it("does not save a snapshot in a window's first minute after the retry window (a late write, or a retry's, must still land in it)", async () => {
    const user = randomUUID();
    await recordAnswers(user, [answer('q1', true)], 'quiz', at(5));
    await loadReviewState(user, new Date(at(5, 12).getTime() + RETRY_WINDOW_MS + 30_000), { bank });
    await backgroundWorkDone();
    expect(await reviewAnswers.snapshot(user)).toBeNull();
    await loadReviewState(user, new Date(at(5, 12).getTime() + RETRY_WINDOW_MS + 61_000), { bank });
    await backgroundWorkDone();
    expect(await reviewAnswers.snapshot(user)).not.toBeNull();
  });

  it('keeps the challenge within its window when a lesson is completed and questions are answered', async () => {
    const user = randomUUID();
    const morning = at(7, 1);
    const first = await getDailyChallenge(user, morning, { bank });
    await progress.completeLesson(user, 2, '201', at(7, 2));
    await recordAnswers(user, [answer('q1', false), answer('q2', false)], 'quiz', at(7, 3));
    expect((await getDailyChallenge(user, at(7, 11), { bank })).id).toBe(first.id);
    // The next window sees both: the missed questions are due the next day, the module is studied.
    const afternoon = await getDailyChallenge(user, at(7, 13), { bank });
    expect(afternoon.id).toMatch(/^2:q\d$/); // new material from the studied module, newest first
    expect((await getDailyChallenge(user, at(8, 1), { bank })).id).toBe('1:q1'); // the due card with the lowest predicted recall
  });
});

describe('team knowledge in the rollup', () => {
  it('folds answers once, incrementally or rebuilt from the answer keys and the journal', async () => {
    const ids: string[] = [randomUUID(), randomUUID()];
    for (const [index, id] of ids.entries()) {
      await users.create({
        id,
        username: `k${index}-${id.slice(0, 6)}@parcelwise.example`,
        name: `K${index}`,
        role: 'user',
        avatar: null,
        passwordHash: 'x',
        disabled: false,
        sessionVersion: 1,
        createdAt: at(0).toISOString(),
      });
    }
    const [ana, ben] = ids as [string, string];
    const curriculum = [{ id: 1, lessons: [{ id: 101 }] }];
    await getTeamProgress({ curriculum, bank, now: at(59) }); // a rollup exists: what follows is folded incrementally
    await recordAnswers(ana, [answer('q1', true), answer('q2', false)], 'quiz', at(60));
    await recordAnswers(ana, [answer('q1', true)], 'review', at(63));
    await recordAnswers(ben, [answer('q2', false, 'sure'), answer('q3', false)], 'quiz', at(62));
    const now = at(64);
    const incremental = await getTeamProgress({ curriculum, bank, now });
    // Two right answers three days apart do not yet predict 90 % recall three weeks on.
    expect(incremental.rows.find((row) => row.id === ana)?.mastery).toBe(0);
    const missed = incremental.knowledge.mostMissed;
    expect(missed[0]).toMatchObject({ key: '1:q2', misses: 2, answers: 2, missRate: 100, confidentlyWrong: 1, learners: 2 });
    // (Other tests' users answered too; only team members count as learners.)
    expect(missed[1]).toMatchObject({ key: '1:q3', learners: 1 });
    expect(incremental.knowledge.topics.find((topic) => topic.topic === 'Company')).toMatchObject({ started: 2 });
    expect(incremental.knowledge.confidentlyWrong.map((item) => item.key)).toEqual(['1:q2']);

    await rebuildRollups(now);
    const rebuilt = await getTeamProgress({ curriculum, bank, now });
    expect(rebuilt.knowledge).toEqual(incremental.knowledge);
    expect(rebuilt.rows.filter((row) => ids.includes(row.id))).toEqual(incremental.rows.filter((row) => ids.includes(row.id)));
  });
});

describe('answer keys', () => {
  it('carry confidence and revisions; keys written before them read as no choice on revision 1', async () => {
    const user = randomUUID();
    const when = at(9, 1);
    const old = reviewAnswers.newId(when);
    await writeJSON(`review-answers/${user}/2026-11/10T00/${old}.1.q1.a.1.quiz`, z.strictObject({ at: z.string() }), {
      at: when.toISOString(),
    });
    const base = { quizId: 1, optionId: 'b', correct: false, at: new Date(when.getTime() + 1) } as const;
    await reviewAnswers.add(user, {
      ...base,
      id: reviewAnswers.newId(base.at),
      questionId: 'q2',
      source: 'challenge',
      confidence: 'sure',
      revision: 3,
      materialRevision: 2,
    });
    await reviewAnswers.add(user, {
      ...base,
      id: reviewAnswers.newId(base.at),
      questionId: 'q3',
      source: 'review',
      confidence: 'unsure',
      revision: 1,
      materialRevision: 1,
    });
    const keys = (await listKeys(`review-answers/${user}/`)).map((key) => key.slice(key.indexOf('Z_') + 11));
    expect(keys.sort()).toEqual(['1.q1.a.1.quiz', '1.q2.b.0.challenge.s.r3m2', '1.q3.b.0.review.u.r1']);
    const listed = (await reviewAnswers.since(user, null, at(10))).sort((a, b) => a.questionId.localeCompare(b.questionId));
    expect(
      listed.map(({ questionId, source, confidence, revision, materialRevision }) => [
        questionId,
        source,
        confidence,
        revision,
        materialRevision,
      ]),
    ).toEqual([
      ['q1', 'quiz', null, 1, 1],
      ['q2', 'challenge', 'sure', 3, 2],
      ['q3', 'review', 'unsure', 1, 1],
    ]);
  });

  it('a version 2 snapshot (its streak days were UTC days) reads as none and is rebuilt from the answers', async () => {
    const user = randomUUID();
    await recordAnswers(user, [answer('q1', true)], 'challenge', at(11, 2));
    await writeJSON(`review-snapshots/${user}`, z.looseObject({ version: z.literal(2) }), {
      version: 2,
      through: at(12, 0).toISOString(),
      cards: {},
      challengeDays: [],
      answerDays: [],
      reviewsThroughDay: 0,
      studiedModules: [],
    });
    expect(await reviewAnswers.snapshot(user)).toBeNull();
    const state = await loadReviewState(user, at(12, 5), { bank, timeZone: null, holdUntil: null });
    expect(state.challengeDays).toEqual([T0 / DAY_MS + 11]);
  });

  it('an old snapshot (version 1) reads as none and is rebuilt from the answers', async () => {
    const user = randomUUID();
    await recordAnswers(user, [answer('q1', true)], 'quiz', at(11));
    await writeJSON(`review-snapshots/${user}`, z.looseObject({ version: z.literal(1) }), {
      version: 1,
      through: at(12, 0).toISOString(),
      cards: { '1:q1': { box: 2, due: 1, last: 1, reviews: 1, lapses: 0 } },
      challengeDays: [],
      studiedModules: [],
    });
    expect(await reviewAnswers.snapshot(user)).toBeNull();
    const state = await loadReviewState(user, at(12, 5), { bank });
    expect(state.cards['1:q1']).toMatchObject({ reps: 1, revision: 1 });
  });
});

describe('countedAnswers', () => {
  const event = (id: string, source: 'quiz' | 'challenge' | 'review', hours: number, correct = true) => ({
    id,
    quizId: 1,
    questionId: 'q1',
    optionId: correct ? 'a' : 'b',
    correct,
    source,
    at: at(3, hours),
    confidence: null,
    revision: 1,
    materialRevision: 1,
  });

  it('keeps only the first challenge answer of a 12-hour window (two tabs answering at once), and every other answer', () => {
    const answers = [
      event('c1', 'challenge', 1, false),
      event('r1', 'review', 2),
      event('c2', 'challenge', 3, true),
      event('q1', 'quiz', 4),
      event('c3', 'challenge', 13, true),
    ];
    expect(countedAnswers(answers).map((answer) => answer.id)).toEqual(['c1', 'r1', 'q1', 'c3']);
  });

  it('counts an answer of one action once when a retry stored it again under a later time (ids derived from the action)', () => {
    const first = factEventId(at(3, 1), 'review', 'ana', 'key-1', '1:q1');
    const again = factEventId(at(3, 2), 'review', 'ana', 'key-1', '1:q1');
    const another = factEventId(at(3, 2), 'review', 'ana', 'key-2', '1:q1');
    const answers = [event(first, 'review', 1), event(again, 'review', 2), event(another, 'review', 2)];
    expect(countedAnswers(answers).map((answer) => answer.id)).toEqual([first, another]);
  });

  it('grades the card with the counted answer only', async () => {
    const user = randomUUID();
    await recordAnswers(user, [answer('q1', false)], 'challenge', at(3, 1));
    await recordAnswers(user, [answer('q1', true)], 'challenge', at(3, 2));
    const state = await loadReviewState(user, at(3, 3), { bank });
    await backgroundWorkDone();
    // One review (the first, wrong answer), not two: a right one would have left a longer interval.
    expect(state.cards['1:q1']).toMatchObject({ reps: 1, due: T0 / DAY_MS + 4 });
    expect(state.windowAnswers.filter((item) => item.source === 'challenge')).toHaveLength(2);
  });
});

describe('the windows of a time zone', () => {
  const pacific = 'America/Los_Angeles';

  it("places the window at midnight and noon on the person's clock", async () => {
    const user = randomUUID();
    // 2026-11-04 is in Pacific Standard Time (UTC-8): the morning window is 08:00-20:00 UTC.
    const state = await loadReviewState(user, at(3, 11), { bank, timeZone: pacific, holdUntil: null });
    expect(state.windowStart.toISOString()).toBe(at(3, 8).toISOString());
    expect(state.timeZone).toBe(pacific);
  });

  it('never counts a second challenge answer in one window after the zone changes (either way)', async () => {
    const user = randomUUID();
    await recordAnswers(user, [answer('q1', false)], 'challenge', at(3, 10)); // UTC window 00:00-12:00
    const movedWest = await loadReviewState(user, at(3, 11), { bank, timeZone: pacific, holdUntil: null });
    expect(movedWest.challengeAnswer?.at.toISOString()).toBe(at(3, 10).toISOString());
    const challenge = await getDailyChallenge(user, at(3, 11), { bank, timeZone: pacific, holdUntil: null });
    expect(challenge.answer).toMatchObject({ answerId: 'b', correct: false });

    const other = randomUUID();
    await recordAnswers(other, [answer('q2', true)], 'challenge', at(3, 19)); // Pacific window 08:00-20:00 UTC
    const movedEast = await loadReviewState(other, at(3, 21), { bank, timeZone: null, holdUntil: null });
    expect(movedEast.windowStart.toISOString()).toBe(at(3, 12).toISOString());
    expect(movedEast.challengeAnswer?.questionId).toBe('q2');
  });

  it("reads the zone and the hold from the person's preferences when the caller gives none", async () => {
    const user = randomUUID();
    await updatePreferences(user, { timeZone: pacific, reviewHoldUntil: '2026-11-10' }, at(3, 11));
    const state = await loadReviewState(user, at(3, 11), { bank });
    expect(state.windowStart.toISOString()).toBe(at(3, 8).toISOString());
    expect(state.hold).toEqual({ from: T0 / DAY_MS + 9, until: T0 / DAY_MS + 9 });
  });
});

describe("the streak on the person's calendar and working days", () => {
  const newYork = 'America/New_York';
  // 2026-11-02 is a Monday; 21:00 in New York (UTC-5) is 02:00 UTC the next day.
  const evening = (days: number) => at(days + 1, 2);
  const weekdays = [1, 2, 3, 4, 5, 8, 9, 10, 11, 12];

  it("counts the days of the person's zone, folds a snapshot of another zone again, and skips days off", async () => {
    const user = randomUUID();
    for (const day of weekdays) await recordAnswers(user, [answer('q1', true)], 'challenge', evening(day));
    // Saturday 14 November, 13:00 New York: an hour into the window, so its snapshot is saved.
    const saturday = at(13, 18);
    const options = { bank, timeZone: newYork, holdUntil: null, workingDays: [1, 2, 3, 4, 5] };
    const local = await loadReviewState(user, saturday, options);
    await backgroundWorkDone();
    expect(local.challengeDays).toEqual(weekdays.map((day) => T0 / DAY_MS + day));
    expect(challengeStreakOf(local, saturday)).toBe(10);
    expect((await reviewAnswers.snapshot(user))?.timeZone).toBe(newYork);
    // Read again in UTC: the snapshot's days are New York's, so everything is folded again in UTC days.
    const utc = await loadReviewState(user, saturday, { ...options, timeZone: null });
    expect(utc.challengeDays).toEqual(weekdays.map((day) => T0 / DAY_MS + day + 1));
    // The same answers in UTC days fall Tuesday to Saturday: Monday 2 Nov missed, Saturday an answered day off.
    expect(challengeStreakOf(utc, saturday)).toBe(10);
    // Working every day, New York's Saturday open and the weekend before missed twice: only the last week counts.
    expect(challengeStreakOf({ ...local, workingDays: [1, 2, 3, 4, 5, 6, 7] }, saturday)).toBe(5);
  });

  it("reads the working days from the person's preferences when the caller gives none", async () => {
    const user = randomUUID();
    await updatePreferences(user, { workingDays: [1, 2, 3] }, at(0));
    expect((await loadReviewState(user, at(3, 11), { bank, timeZone: null, holdUntil: null })).workingDays).toEqual([1, 2, 3]);
    const other = randomUUID();
    expect((await loadReviewState(other, at(3, 11), { bank })).workingDays).toEqual([1, 2, 3, 4, 5]);
  });
});
