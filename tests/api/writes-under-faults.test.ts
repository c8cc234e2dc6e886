// Every write route with one of its Blobs writes failing (fault mode, a test's own choice of which):
// answered 503 JSON, then sent again with the store working, it stores and journals its fact once. Each
// write is failed in turn on each key it writes, as an error (nothing landed) and as a timeout (it landed,
// its answer was lost). The journal is failed twice: a failed journal write is tried once more at once.
// A retry may journal a fact again under another time, never under another identity (what the team
// figures count a fact once by).
// In process only: the faults are injected into this process's Blobs requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyChallengeSchema } from '~/shared/api/daily-challenge';
import { reviewSessionSchema } from '~/shared/api/review';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { backgroundWorkDone } from '~/server/background';
import { factIdentity } from '~/server/storage/keys';
import { withBlobsTimeout } from '~tools/local-blobs/client-timeout';
import { setBlobsFaults } from '~tools/local-blobs/trace';
import type { Fault } from '~tools/local-blobs/faults';
import { type ApiClient, expectJson, signIn, signUp, useTestApp } from './harness';
import { journalKeysOf, storedKeys } from './stored-keys';

const inProcess = process.env['API_BASE_URL'] === undefined;
const t = useTestApp();
beforeAll(() => {
  process.env['PARCELWISE_TEST_CLOCK'] = 'true';
});
afterAll(() => {
  setBlobsFaults(null);
  delete process.env['PARCELWISE_TEST_CLOCK'];
});

const DAY0 = Date.parse('2032-02-02T00:00:00.000Z');
/** Day n at hh:mm(:ss) UTC. */
const on = (day: number, time = '10:00') =>
  new Date(DAY0 + day * 86_400_000 + Date.parse(`1970-01-01T${time.length === 5 ? `${time}:00` : time}Z`)).toISOString();
const call = (client: ApiClient, method: string, path: string, now: string, body?: unknown, headers: Record<string, string> = {}) =>
  client.request(method, path, { headers: { 'x-parcelwise-now': now, ...headers }, ...(body === undefined ? {} : { body }) });

/** What one write is: the request (the same on every try), its success status, the keys it writes and its facts. */
interface Write {
  send: (now: string) => Promise<Response>;
  /** Its success: a sign-off found stored answers 200 rather than 201. */
  status: number[];
  /** What the keys of what it stores contain (their folder), beside its journal entries. */
  records: string[];
  /** How many records it stores. */
  stores: number;
  /** The journal keys of its facts, and the stored keys of its records. */
  count: () => Promise<{ journal: string[]; records: string[] }>;
}

let run = 0;
async function learnerWithChallengeAnswered(day: number): Promise<{ client: ApiClient; id: string }> {
  const { client, user } = await signUp(t.app, `Faulty ${++run}`);
  const challenge = await expectJson(await call(client, 'GET', '/api/daily-challenge', on(day)), 200, dailyChallengeSchema);
  await call(client, 'POST', '/api/daily-challenge/complete', on(day), { questionId: challenge.id, answerId: challenge.options[0]!.id });
  return { client, id: user.id };
}
/**
 * A person's journal entries whose fact (what follows `.<user id>.` in the key) matches, as `<fact> <identity>`:
 * the identity is what the team figures count a fact once by (the digest of a derived id, else the id).
 */
const journalOf = async (id: string, pattern: RegExp) =>
  (await journalKeysOf(t.app, id)).flatMap((key) => {
    const at = key.indexOf(`.${id}.`);
    const [eventId, fact] = [key.slice(key.lastIndexOf('/') + 1, at), key.slice(at + id.length + 2)];
    return pattern.test(fact) ? [`${fact} ${factIdentity(eventId) ?? eventId}`] : [];
  });

const WRITES: Record<string, (day: number) => Promise<Write>> = {
  'a lesson completion': async () => {
    const { client, user } = await signUp(t.app, `Faulty ${++run}`);
    const lesson = ((await (await client.get('/api/modules/1')).json()) as { content: Array<{ id: number }> }).content[0]!.id;
    return {
      send: (now) => call(client, 'PATCH', '/api/progress/1', now, { completedLessons: [lesson] }),
      status: [200],
      stores: 1,
      records: [`lesson-completions/${user.id}/`],
      count: async () => ({
        journal: await journalOf(user.id, /^lesson-/),
        records: await storedKeys(t.app, `lesson-completions/${user.id}/`),
      }),
    };
  },
  'a quiz submission': async (day) => {
    const { client, id } = await learnerWithChallengeAnswered(day);
    const body = {
      quizId: 1,
      answers: [
        { questionId: 'q1', selectedOptionId: 'a' },
        { questionId: 'q2', selectedOptionId: 'b' },
      ],
    };
    const answersBefore = (await storedKeys(t.app, `review-answers/${id}/`)).length;
    // The challenge answered first may be a question of this quiz: its journal entry is not the submission's.
    const journaledBefore = new Set(await journalOf(id, /^(quiz-1|answer-1:)/));
    return {
      send: (now) => call(client, 'POST', '/api/quiz-results', now, body, { 'Idempotency-Key': `faults-quiz-${run}-abcdefgh` }),
      status: [201],
      stores: 3,
      records: [`quiz-results/${id}/`, `review-answers/${id}/`],
      count: async () => ({
        journal: (await journalOf(id, /^(quiz-1|answer-1:)/)).filter((entry) => !journaledBefore.has(entry)),
        records: [
          ...(await storedKeys(t.app, `quiz-results/${id}/`)),
          ...(await storedKeys(t.app, `review-answers/${id}/`)).slice(answersBefore),
        ],
      }),
    };
  },
  'a daily challenge answer': async (day) => {
    const { client, user } = await signUp(t.app, `Faulty ${++run}`);
    const challenge = await expectJson(await call(client, 'GET', '/api/daily-challenge', on(day)), 200, dailyChallengeSchema);
    return {
      send: (now) =>
        call(client, 'POST', '/api/daily-challenge/complete', now, { questionId: challenge.id, answerId: challenge.options[0]!.id }),
      status: [200],
      stores: 1,
      records: [`review-answers/${user.id}/`],
      count: async () => ({
        journal: await journalOf(user.id, /^(challenge|answer)-/),
        records: await storedKeys(t.app, `review-answers/${user.id}/`),
      }),
    };
  },
  'a review answer': async (day) => {
    const { client, id } = await learnerWithChallengeAnswered(day - 1);
    const quiz = { quizId: 3, answers: ['q1', 'q2', 'q3', 'q4', 'q5'].map((questionId) => ({ questionId, selectedOptionId: 'd' })) };
    expect((await call(client, 'POST', '/api/quiz-results', on(day - 1), quiz)).status).toBe(201);
    const card = (await expectJson(await call(client, 'GET', '/api/review', on(day)), 200, reviewSessionSchema)).questions[0]!;
    const [before, journaled] = [(await storedKeys(t.app, `review-answers/${id}/`)).length, (await journalOf(id, /^answer-/)).length];
    return {
      send: (now) =>
        call(
          client,
          'POST',
          '/api/review',
          now,
          { questionId: card.id, answerId: card.options[0]!.id },
          { 'Idempotency-Key': `faults-review-${run}-abcdefgh` },
        ),
      status: [200],
      stores: 1,
      records: [`review-answers/${id}/`],
      count: async () => ({
        journal: (await journalOf(id, /^answer-/)).slice(journaled),
        records: (await storedKeys(t.app, `review-answers/${id}/`)).slice(before),
      }),
    };
  },
  'a visit': async () => {
    const { client, user } = await signUp(t.app, `Faulty ${++run}`);
    const visitDate = new Date().toISOString();
    return {
      send: (now) =>
        call(client, 'POST', '/api/track-visit', now, { pagePath: '/product', tabId: null, timeSpent: null, exitPage: null, visitDate }),
      status: [204],
      stores: 1,
      records: [`/visits/${user.id}/`, `page-reads/${user.id}/`],
      count: async () => ({
        journal: await journalOf(user.id, /^entry/),
        records: await storedKeys(t.app, `page-reads/${user.id}/`),
      }),
    };
  },
  'an assignment': async (day) => {
    const admin = await signIn(t.app, DEMO_ADMIN);
    const { user } = await signUp(t.app, `Faulty ${++run}`);
    const body = { username: user.username, programId: 'discovery-refresher', startDate: on(day).slice(0, 10) };
    return {
      send: (now) => call(admin, 'POST', '/api/program-assignments', now, body),
      status: [201],
      stores: 1,
      records: [`program-assignments/${user.id}/`],
      count: async () => ({
        journal: await journalOf(user.id, /^plan-/),
        records: await storedKeys(t.app, `program-assignments/${user.id}/`),
      }),
    };
  },
  'a sign-off': async (day) => {
    const admin = await signIn(t.app, DEMO_ADMIN);
    const { user } = await signUp(t.app, `Faulty ${++run}`);
    const assigned = { username: user.username, programId: 'sdr-onboarding', startDate: on(day).slice(0, 10) };
    expect((await call(admin, 'POST', '/api/program-assignments', on(day), assigned)).status).toBe(201);
    return {
      send: (now) => call(admin, 'POST', '/api/program-signoffs', now, { username: user.username, itemId: 'shadow-calls' }),
      status: [201, 200],
      stores: 1,
      records: [`program-signoffs/${user.id}/`],
      count: async () => ({
        journal: await journalOf(user.id, /^signoff-/),
        records: await storedKeys(t.app, `program-signoffs/${user.id}/`),
      }),
    };
  },
};

/** Fails the first write of a key that contains `folder`, `times` times (that key alone), as `fault`. */
function failWrites(folder: string, fault: Fault, times: number): void {
  let target: string | null = null;
  let failed = 0;
  setBlobsFaults((kind, key) => {
    if (kind !== 'set' || !key.includes(folder) || (target !== null && key !== target) || failed >= times) return null;
    target = key;
    failed += 1;
    return fault;
  });
}

const FAULTS: Array<[string, Fault]> = [
  ['an error (nothing landed)', { kind: 'error', status: 503 }],
  ['a timeout (it landed, its answer lost)', { kind: 'timeout' }],
];

describe.skipIf(!inProcess)('a write that failed half-way, sent again', () => {
  let day = 0;
  for (const [name, prepare] of Object.entries(WRITES)) {
    it(`${name}: 503 JSON, then once stored and journaled, whichever of its writes failed and however`, async () => {
      const folders = (await prepare((day += 2))).records.length + 1;
      for (let which = 0; which < folders; which++) {
        for (const [how, fault] of FAULTS) {
          const write = await prepare((day += 2));
          // Each of its records' folders once, then its journal (twice: a failed journal write is tried again).
          const [folder, times] = which < write.records.length ? [write.records[which]!, 1] : ['activity/', 2];
          const context = `${name}, its write under ${folder} failing with ${how}`;
          failWrites(folder, fault, times);
          // A lost answer is given up after 1 s; the set-up and the second send wait as long as the machine needs.
          const failed = await withBlobsTimeout(1000, () => write.send(on(day)));
          setBlobsFaults(null);
          expect(failed.status, context).toBe(503);
          expect(await failed.json(), context).toEqual({ message: 'Storage is temporarily unavailable. Please try again in a moment.' });
          expect(write.status, context).toContain((await write.send(on(day, '10:00:20'))).status);
          await backgroundWorkDone();
          const { journal, records } = await write.count();
          // Every entry of one fact has one identity: however often it was journaled, the figures count it once.
          const facts = new Set(journal.map((entry) => entry.split(' ')[0]));
          expect(new Set(journal).size, `${context}: journal ${journal.join(', ')}`).toBe(facts.size);
          expect(journal.length, `${context}: journal ${journal.join(', ')}`).toBeGreaterThan(0);
          expect(records.length, `${context}: records ${records.join(', ')}`).toBe(write.stores);
        }
      }
    }, 240_000);
  }
});
