// Writes that are safe to repeat (docs/decisions.md "Repeated and retried writes"): a lesson completion,
// a challenge answer, a visit, an assignment, and with an Idempotency-Key a quiz submission and a review
// answer, sent again, store and journal their fact once; a retry within 10 minutes completes a write that failed half-way (a key
// that never landed is written under the first try's name), and the team figures count a fact once.
// With the test clock, in process only (the stored keys are read from the local Blobs server's files).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeVerdictSchema, dailyChallengeSchema } from '~/shared/api/daily-challenge';
import { progressRecordSchema } from '~/shared/api/progress';
import { quizResultSchema, submitQuizResponseSchema } from '~/shared/api/quizzes';
import { reviewSessionSchema, reviewVerdictSchema } from '~/shared/api/review';
import { teamProgressResponseSchema } from '~/shared/api/team';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { type ApiClient, expectJson, messageOf, signIn, signUp, useTestApp } from './harness';
import { journalKeysOf, removeStored, storedKeys } from './stored-keys';

const inProcess = process.env['API_BASE_URL'] === undefined;
const t = useTestApp();
beforeAll(() => {
  process.env['PARCELWISE_TEST_CLOCK'] = 'true';
});
afterAll(() => {
  delete process.env['PARCELWISE_TEST_CLOCK'];
});

const DAY0 = Date.parse('2031-05-05T00:00:00.000Z');
/** Day n at hh:mm(:ss) UTC. */
const on = (day: number, time = '10:00') =>
  new Date(DAY0 + day * 86_400_000 + Date.parse(`1970-01-01T${time.length === 5 ? `${time}:00` : time}Z`)).toISOString();

const call = (client: ApiClient, method: string, path: string, now: string, body?: unknown, headers: Record<string, string> = {}) =>
  client.request(method, path, { headers: { 'x-parcelwise-now': now, ...headers }, ...(body === undefined ? {} : { body }) });

async function person(name: string): Promise<{ client: ApiClient; id: string }> {
  const { client, user } = await signUp(t.app, name);
  return { client, id: user.id };
}

/** A new person who answered the daily challenge of `now`'s window, so no quiz question is held back from grading. */
async function learner(name: string, now: string): Promise<{ client: ApiClient; id: string }> {
  const signedUp = await person(name);
  const challenge = await expectJson(await call(signedUp.client, 'GET', '/api/daily-challenge', now), 200, dailyChallengeSchema);
  const answered = { questionId: challenge.id, answerId: challenge.options[0]!.id };
  expect((await call(signedUp.client, 'POST', '/api/daily-challenge/complete', now, answered)).status).toBe(200);
  return signedUp;
}

const lessonsOf = async (client: ApiClient, moduleId: number) =>
  ((await (await client.get(`/api/modules/${moduleId}`)).json()) as { content: Array<{ id: number }> }).content.map((lesson) => lesson.id);

// The lessons completed here are the first of modules 5, 2 and 5: lessons on their first revision, whose
// records and journal entries carry no revision suffix (a revised lesson's are stored as `<lesson>.r<n>`).
describe.skipIf(!inProcess)('a lesson completion sent again', () => {
  it('stores and journals the lesson once, however often it is sent', async () => {
    const { client, id } = await person('Repeat Lessons');
    const [lesson] = await lessonsOf(client, 5);
    const complete = (now: string) => call(client, 'PATCH', '/api/progress/5', now, { completedLessons: [lesson] });
    const first = await expectJson(await complete(on(1)), 200, progressRecordSchema);
    const journal = await journalKeysOf(t.app, id);
    const records = await storedKeys(t.app, `lesson-completions/${id}/`);
    expect(journal.filter((key) => key.endsWith(`.lesson-5-${lesson}`))).toHaveLength(1);
    expect(records).toEqual([`lesson-completions/${id}/5/${lesson}`]);
    for (const now of [on(1, '10:00:01'), on(1, '10:05'), on(2)]) {
      expect(await expectJson(await complete(now), 200, progressRecordSchema)).toMatchObject({ completedLessons: first.completedLessons });
      expect(
        await expectJson(
          await call(client, 'POST', '/api/progress', now, { moduleId: 5, completedLessons: [lesson] }),
          201,
          progressRecordSchema,
        ),
      ).toMatchObject({ completedLessons: first.completedLessons });
    }
    expect(await journalKeysOf(t.app, id)).toEqual(journal);
    expect(await storedKeys(t.app, `lesson-completions/${id}/`)).toEqual(records);
  });

  it('completes a journal entry that never landed on a retry within 10 minutes, under its first name; later it writes nothing', async () => {
    const { client, id } = await person('Half Lesson');
    const [lesson] = await lessonsOf(client, 2);
    const complete = (now: string) => call(client, 'PATCH', '/api/progress/2', now, { completedLessons: [lesson] });
    expect((await complete(on(3))).status).toBe(200);
    const [entry] = (await journalKeysOf(t.app, id)).filter((key) => key.includes('.lesson-'));
    await removeStored(t.app, entry!); // the journal write failed (503) after the record was written
    expect((await complete(on(3, '10:09'))).status).toBe(200);
    expect((await journalKeysOf(t.app, id)).filter((key) => key.includes('.lesson-'))).toEqual([entry]);

    await removeStored(t.app, entry!);
    expect((await complete(on(3, '10:11'))).status).toBe(200); // past the retry window: nothing is written
    expect((await journalKeysOf(t.app, id)).filter((key) => key.includes('.lesson-'))).toEqual([]);
  });

  it('counts a lesson once in the team figures when its record was lost and a retry journaled it again', async () => {
    const admin = await signIn(t.app, DEMO_ADMIN);
    const once = await person('Once Lesson');
    const twice = await person('Twice Lesson');
    const [lesson] = await lessonsOf(once.client, 5);
    const complete = (client: ApiClient, now: string) => call(client, 'PATCH', '/api/progress/5', now, { completedLessons: [lesson] });
    expect((await complete(once.client, on(4))).status).toBe(200);
    expect((await complete(twice.client, on(4))).status).toBe(200);
    await removeStored(t.app, `lesson-completions/${twice.id}/5/${lesson}`); // the record never landed, its journal entry did
    expect((await complete(twice.client, on(4, '10:01'))).status).toBe(200);
    expect((await journalKeysOf(t.app, twice.id)).filter((key) => key.includes('.lesson-'))).toHaveLength(2);

    for (const now of [on(4, '10:02'), on(4, '11:00')]) {
      const rows = await expectJson(await call(admin, 'GET', '/api/team-progress', now), 200, teamProgressResponseSchema);
      const progressOf = (userId: string) => rows.find((row) => row.id === userId)?.progress;
      expect(progressOf(twice.id)).toBeGreaterThan(0);
      expect(progressOf(twice.id), now).toBe(progressOf(once.id));
    }
  });
});

describe.skipIf(!inProcess)('a daily challenge answer sent again', () => {
  it('gets the first answer’s verdict and stores and journals nothing new; a lost journal entry is completed within 10 minutes', async () => {
    const { client, id } = await person('Repeat Challenge');
    const challenge = await expectJson(await call(client, 'GET', '/api/daily-challenge', on(5)), 200, dailyChallengeSchema);
    const answer = (now: string, answerId: string) =>
      call(client, 'POST', '/api/daily-challenge/complete', now, { questionId: challenge.id, answerId });
    const first = await expectJson(await answer(on(5), challenge.options[0]!.id), 200, challengeVerdictSchema);
    const journal = await journalKeysOf(t.app, id);
    const answers = await storedKeys(t.app, `review-answers/${id}/`);
    expect(journal.filter((key) => /\.(challenge|answer)-/.test(key))).toHaveLength(2);
    expect(answers).toHaveLength(1);
    for (const now of [on(5, '10:00:01'), on(5, '10:30')]) {
      expect(await expectJson(await answer(now, challenge.options[1]!.id), 200, challengeVerdictSchema)).toEqual(first);
    }
    expect(await journalKeysOf(t.app, id)).toEqual(journal);
    expect(await storedKeys(t.app, `review-answers/${id}/`)).toEqual(answers);

    const lost = journal.find((key) => key.includes('.challenge-'))!;
    await removeStored(t.app, lost);
    expect((await answer(on(5, '10:08'), challenge.options[0]!.id)).status).toBe(200);
    expect(await journalKeysOf(t.app, id)).toEqual(journal);
  });
});

describe.skipIf(!inProcess)('a quiz submission with an Idempotency-Key', () => {
  const submission = {
    quizId: 1,
    answers: [
      { questionId: 'q1', selectedOptionId: 'a' },
      { questionId: 'q2', selectedOptionId: 'b' },
    ],
  };
  const submit = (client: ApiClient, now: string, key: string, body: unknown = submission) =>
    call(client, 'POST', '/api/quiz-results', now, body, { 'Idempotency-Key': key });
  const resultsOf = async (client: ApiClient) => expectJson(await client.get('/api/quiz-results'), 200, quizResultSchema.array());

  it('is stored once when sent again: the same result, one set of answers, the journal unchanged', async () => {
    const { client, id } = await learner('Repeat Quiz', on(6));
    const key = 'quiz-submission-0001-abcdef';
    const first = await expectJson(await submit(client, on(6), key), 201, submitQuizResponseSchema);
    const journal = await journalKeysOf(t.app, id);
    const answers = await storedKeys(t.app, `review-answers/${id}/`);
    expect(answers.filter((answer) => answer.includes('.quiz.'))).toHaveLength(2);
    for (const now of [on(6), on(6, '10:00:02'), on(6, '10:09')]) {
      expect(await expectJson(await submit(client, now, key), 201, submitQuizResponseSchema)).toEqual(first);
    }
    expect(await resultsOf(client)).toEqual([expect.objectContaining({ id: first.id, completedAt: on(6) })]);
    expect(await journalKeysOf(t.app, id)).toEqual(journal);
    expect(await storedKeys(t.app, `review-answers/${id}/`)).toEqual(answers);

    // Another key (or none) is another submission: a retake counts.
    expect((await submit(client, on(6, '10:10'), 'quiz-submission-0002-abcdef')).status).toBe(201);
    expect((await call(client, 'POST', '/api/quiz-results', on(6, '10:11'), submission)).status).toBe(201);
    expect(await resultsOf(client)).toHaveLength(3);
  });

  it('sent twice at the same moment (a double click), lists one result and counts each answer once', async () => {
    const { client } = await learner('Double Click', on(9));
    const key = 'quiz-submission-double-001';
    const before = await expectJson(await call(client, 'GET', '/api/review', on(9, '10:01')), 200, reviewSessionSchema);
    const [a, b] = await Promise.all([submit(client, on(9, '10:00:00'), key), submit(client, on(9, '10:00:00.001'), key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await resultsOf(client)).toHaveLength(1);
    const after = await expectJson(await call(client, 'GET', '/api/review', on(9, '10:01')), 200, reviewSessionSchema);
    expect(after.answersCounted).toBe(before.answersCounted + 2);
  });

  it('completes a submission that failed half-way under its first try’s time and names', async () => {
    const { client, id } = await learner('Half Quiz', on(7));
    const key = 'quiz-submission-half-0001';
    const first = await expectJson(await submit(client, on(7), key), 201, submitQuizResponseSchema);
    const journal = await journalKeysOf(t.app, id);
    const answers = await storedKeys(t.app, `review-answers/${id}/`);
    // The result and one answer's journal entry never landed; the other writes did.
    await removeStored(t.app, `quiz-results/${id}/${first.id}`);
    const answerId = answers
      .find((key) => key.includes('.quiz.'))!
      .split('/')
      .at(-1)!
      .split('.')[0]!;
    await removeStored(
      t.app,
      journal.find((key) => key.includes(`/${answerId}.${id}.answer-`))!,
    );
    const retried = await expectJson(await submit(client, on(7, '10:03'), key), 201, submitQuizResponseSchema);
    expect(retried).toEqual(first);
    expect(await resultsOf(client)).toEqual([expect.objectContaining({ id: first.id, completedAt: on(7) })]);
    expect(await journalKeysOf(t.app, id)).toEqual(journal);
    expect(await storedKeys(t.app, `review-answers/${id}/`)).toEqual(answers);
  });

  it('answers 409 when the key comes back with other answers, and 400 for a malformed key', async () => {
    const { client } = await learner('Conflicting Quiz', on(8));
    const key = 'quiz-submission-conflict-01';
    expect((await submit(client, on(8), key)).status).toBe(201);
    const other = { quizId: 1, answers: [{ questionId: 'q1', selectedOptionId: 'c' }] };
    expect(await messageOf(await submit(client, on(8, '10:01'), key, other), 409)).toBe(
      'Idempotency-Key: already used for a submission with other answers',
    );
    for (const bad of ['short', 'has spaces in it, sixteen+', 'ü'.repeat(20), 'x'.repeat(65)]) {
      expect(await messageOf(await submit(client, on(8, '10:02'), bad), 400), bad).toBe(
        "Idempotency-Key: must be 16 to 64 letters, digits, '-' or '_'",
      );
    }
    expect(await resultsOf(client)).toHaveLength(1);
  });
});

describe.skipIf(!inProcess)('a review answer with an idempotency key', () => {
  let client: ApiClient;
  let userId: string;
  beforeAll(async () => {
    ({ client, id: userId } = await person('Repeat Reviewer'));
    // The day's challenge answered, then a quiz answered wrong: its cards are due the next day.
    const challenge = await expectJson(await call(client, 'GET', '/api/daily-challenge', on(20)), 200, dailyChallengeSchema);
    await call(client, 'POST', '/api/daily-challenge/complete', on(20), { questionId: challenge.id, answerId: challenge.options[0]!.id });
    const quiz = { quizId: 3, answers: ['q1', 'q2', 'q3', 'q4', 'q5'].map((questionId) => ({ questionId, selectedOptionId: 'd' })) };
    expect((await call(client, 'POST', '/api/quiz-results', on(20), quiz)).status).toBe(201);
  });
  const session = async (now: string) => expectJson(await call(client, 'GET', '/api/review', now), 200, reviewSessionSchema);

  it('counts the answer once and answers the same verdict when sent again', async () => {
    const before = await session(on(21));
    const card = before.questions[0]!;
    const answer = (now: string) =>
      call(
        client,
        'POST',
        '/api/review',
        on(21, now),
        { questionId: card.id, answerId: card.options[0]!.id },
        { 'Idempotency-Key': 'review-answer-key-000001' },
      );
    const first = await expectJson(await answer('10:00'), 200, reviewVerdictSchema);
    const journal = await journalKeysOf(t.app, userId);
    const answers = await storedKeys(t.app, `review-answers/${userId}/`);
    for (const now of ['10:00:01', '10:04']) expect(await expectJson(await answer(now), 200, reviewVerdictSchema)).toEqual(first);
    expect(await journalKeysOf(t.app, userId)).toEqual(journal);
    expect(await storedKeys(t.app, `review-answers/${userId}/`)).toEqual(answers);
    const after = await session(on(21, '10:05'));
    expect(after.answersCounted).toBe(before.answersCounted + 1);
    expect(after.dueCount).toBe(before.dueCount - 1);
    expect(
      await messageOf(
        await call(
          client,
          'POST',
          '/api/review',
          on(21, '10:06'),
          { questionId: card.id, answerId: card.options[1]!.id },
          {
            'Idempotency-Key': 'review-answer-key-000001',
          },
        ),
        409,
      ),
    ).toBe('Idempotency-Key: already used for another answer');
  });

  it('the /review form sent twice (its idempotency key with it) stores one answer', async () => {
    const page = (method: string, form?: string) =>
      client.request(method, '/review', {
        headers: {
          'x-parcelwise-now': on(21, '11:00'),
          Accept: 'text/html',
          ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { rawBody: form } : {}),
      });
    const html = await (await page('GET')).text();
    const questionId = /name="questionId" value="([^"]+)"/.exec(html)![1]!;
    const idempotencyKey = /name="idempotencyKey" value="([^"]+)"/.exec(html)![1]!;
    expect(idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const before = (await session(on(21, '11:00'))).answersCounted;
    const form = `questionId=${encodeURIComponent(questionId)}&answerId=a&idempotencyKey=${idempotencyKey}`;
    for (let n = 0; n < 2; n++) {
      const sent = await page('POST', form);
      expect(sent.status).toBe(200);
      expect(await sent.text()).toMatch(/Correct!|Not quite right\./);
    }
    expect((await session(on(21, '11:01'))).answersCounted).toBe(before + 1);
    const bad = await page('POST', `questionId=${encodeURIComponent(questionId)}&answerId=a&idempotencyKey=nope`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('idempotencyKey: must be 16 to 64 letters, digits, &#39;-&#39; or &#39;_&#39;');
  });
});

describe.skipIf(!inProcess)('a visit sent again', () => {
  const visitAt = (client: ApiClient, now: string, visitDate: string, pagePath = '/product') =>
    call(client, 'POST', '/api/track-visit', now, { pagePath, tabId: null, timeSpent: null, exitPage: null, visitDate });
  const entriesOf = async (id: string) => (await journalKeysOf(t.app, id)).filter((key) => key.includes('.entry'));

  it('the same visit retried journals it once, and completes a first try whose journal entry never landed', async () => {
    const { client, id } = await person('Retried Visit');
    expect((await visitAt(client, on(20), on(20))).status).toBe(204);
    const [entry] = await entriesOf(id);
    expect(entry).toBeDefined();
    expect((await visitAt(client, on(20, '10:00:03'), on(20))).status).toBe(204);
    expect(await entriesOf(id)).toEqual([entry]);

    await removeStored(t.app, entry!); // the journal write failed (503) after the visit's mark was written
    expect((await visitAt(client, on(20, '10:00:06'), on(20))).status).toBe(204);
    expect(await entriesOf(id)).toEqual([entry]); // under the first try's id and time
  });

  it('another visit of the page within 10 seconds stays a repeat, and so does its retry', async () => {
    const { client, id } = await person('Repeating Visit');
    expect((await visitAt(client, on(21), on(21))).status).toBe(204);
    expect((await visitAt(client, on(21, '10:00:04'), on(21, '10:00:04'))).status).toBe(204);
    expect((await visitAt(client, on(21, '10:00:07'), on(21, '10:00:04'))).status).toBe(204);
    expect(await entriesOf(id)).toHaveLength(1);
    // Ten seconds after the last one it counts again.
    expect((await visitAt(client, on(21, '10:00:20'), on(21, '10:00:20'))).status).toBe(204);
    expect(await entriesOf(id)).toHaveLength(2);
  });

  it('sent ten times at once, counts once', async () => {
    const { client, id } = await person('Burst Visit');
    const answers = await Promise.all(Array.from({ length: 10 }, () => visitAt(client, on(22), on(22), '/resources')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(204));
    expect(await entriesOf(id)).toHaveLength(1);
  });
});

describe.skipIf(!inProcess)('an assignment sent again', () => {
  const assignAt = (admin: ApiClient, now: string, username: string, startDate: string) =>
    call(admin, 'POST', '/api/program-assignments', now, { username, programId: 'discovery-refresher', startDate });
  const planEntriesOf = async (id: string) => (await journalKeysOf(t.app, id)).filter((key) => key.includes('.plan-'));

  it('records one event and one journal entry; a retry completes a journal entry that never landed; a new start is a new event', async () => {
    const admin = await signIn(t.app, DEMO_ADMIN);
    const { user } = await signUp(t.app, 'Assigned Twice');
    const startDate = on(30).slice(0, 10);
    expect((await assignAt(admin, on(30), user.username, startDate)).status).toBe(201);
    const events = await storedKeys(t.app, `program-assignments/${user.id}/`);
    const journaled = await planEntriesOf(user.id);
    expect(events).toHaveLength(1);
    expect(journaled).toHaveLength(1);
    expect((await assignAt(admin, on(30, '10:01'), user.username, startDate)).status).toBe(201);
    expect(await storedKeys(t.app, `program-assignments/${user.id}/`)).toEqual(events);
    expect(await planEntriesOf(user.id)).toEqual(journaled);

    await removeStored(t.app, journaled[0]!); // the journal write failed after the assignment was stored
    expect((await assignAt(admin, on(30, '10:05'), user.username, startDate)).status).toBe(201);
    expect(await planEntriesOf(user.id)).toEqual(journaled);
    await removeStored(t.app, journaled[0]!);
    expect((await assignAt(admin, on(30, '10:11'), user.username, startDate)).status).toBe(201); // past the retry window
    expect(await planEntriesOf(user.id)).toEqual([]);

    expect((await assignAt(admin, on(30, '10:12'), user.username, on(31).slice(0, 10))).status).toBe(201);
    expect(await storedKeys(t.app, `program-assignments/${user.id}/`)).toHaveLength(2);
    expect(await planEntriesOf(user.id)).toHaveLength(1);
  });
});
