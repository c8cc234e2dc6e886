// Practice over HTTP (docs/product.md "Practice"): scenarios with the caller's state, typed answers matched
// at once, recordings checked by their bytes, sending for review, an administrator's review, what counts for
// the plan, when a scenario comes back, and every refusal: unknown scenario, bad text, bad audio, somebody
// else's attempt, marks for items the rubric lacks, a review twice, a delete after review.
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PRACTICE_REVIEWS_DENIED,
  practiceAttemptSchema,
  practiceListSchema,
  practiceReviewQueueSchema,
  type PracticeAttempt,
  type PracticeScenarioState,
} from '~/shared/api/practice';
import { planSchema } from '~/shared/api/programs';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { expectJson, messageOf, signIn, signUp, useTestApp, type ApiClient } from './harness';
import { journalKeysOf, storedKeys } from './stored-keys';

const context = useTestApp();
let admin: ApiClient;
beforeAll(async () => {
  process.env['PARCELWISE_TEST_CLOCK'] = 'true';
  admin = await signIn(context.app, DEMO_ADMIN);
});

const COLD_CALL = 'cold-call-opener-marketing-manager';
const GOOD_COLD_CALL =
  "Thanks for picking up, Nathan, it's Sam from Parcelwise and I'll keep it to your two minutes. I emailed on Monday about " +
  'launching listings from one record. How long does it take Castlegate today from signed assignment to a listing that is live on ' +
  'your site? Would 20 minutes on Thursday at 10 work, with one of your own listings?';
const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/practice-audio/${name}`));

interface Scenario {
  id: string;
  title: string;
  timeLimitSeconds: number;
  rubric: Array<{ id: string; required: boolean }>;
}
/** The committed scenarios, in the order of their file names (the built site's order). */
const scenarios: Scenario[] = readdirSync('content/practice')
  .filter((name) => name.endsWith('.yaml'))
  .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
  .map((name) => parse(readFileSync(`content/practice/${name}`, 'utf8')) as Scenario);

function scenarioOf(id: string): Scenario {
  const scenario = scenarios.find((entry) => entry.id === id);
  if (!scenario) throw new Error(`no scenario ${id} in content/practice`);
  return scenario;
}

const answer = async (client: ApiClient, text: string, scenarioId = COLD_CALL) =>
  expectJson(await client.post('/api/practice/attempts', { scenarioId, text }), 201, practiceAttemptSchema);

function record(client: ApiClient, bytes: Uint8Array, scenarioId = COLD_CALL, type = 'audio/webm') {
  const form = new FormData();
  form.set('scenarioId', scenarioId);
  form.set('audio', new Blob([bytes.slice()], { type }), 'answer.webm');
  return client.request('POST', '/api/practice/attempts', { form });
}

const stateOf = async (client: ApiClient, scenarioId = COLD_CALL, now?: string): Promise<PracticeScenarioState> => {
  const response = await client.request('GET', '/api/practice', now ? { headers: { 'x-parcelwise-now': now } } : {});
  const listed = await expectJson(response, 200, practiceListSchema);
  return listed.scenarios.find((scenario) => scenario.id === scenarioId)!;
};

const submit = (client: ApiClient, attempt: PracticeAttempt, selfCheck: Record<string, boolean> = {}) =>
  client.post(`/api/practice/attempts/${attempt.id}/submit`, { selfCheck });

function allMarks(scenarioId: string, value: (item: { id: string; required: boolean }) => boolean) {
  const scenario = scenarioOf(scenarioId);
  return Object.fromEntries(scenario.rubric.map((item) => [item.id, value(item)]));
}

const review = (attempt: PracticeAttempt, marks: Record<string, boolean>, comment = 'Clear ask, good question.', now?: string) =>
  admin.request('POST', `/api/practice/attempts/${attempt.id}/review`, {
    body: { marks, comment },
    ...(now && { headers: { 'x-parcelwise-now': now } }),
  });

describe('GET /api/practice', () => {
  it('lists every scenario in content order, not tried for a newcomer; signed out: 401', async () => {
    const { client } = await signUp(context.app, 'Practice Newcomer');
    const listed = (await expectJson(await client.get('/api/practice'), 200, practiceListSchema)).scenarios;
    expect(listed.map((scenario) => [scenario.id, scenario.title])).toEqual(scenarios.map((scenario) => [scenario.id, scenario.title]));
    expect(listed.length).toBeGreaterThanOrEqual(16);
    expect(new Set(listed.map((scenario) => scenario.state))).toEqual(new Set(['not-tried']));
    expect(await messageOf(await context.app.client().get('/api/practice'), 401)).toBe('Not signed in');
  });
});

describe('a typed answer', () => {
  it('is matched at once: one line per rubric item, in order, found with the words that showed it; a draft', async () => {
    const { client } = await signUp(context.app, 'Typed Answer');
    const scenario = scenarioOf(COLD_CALL);
    const attempt = await answer(client, GOOD_COLD_CALL);
    expect(attempt).toMatchObject({ scenarioId: COLD_CALL, kind: 'text', status: 'draft', text: GOOD_COLD_CALL });
    expect(attempt.feedback.map((line) => line.itemId)).toEqual(scenario.rubric.map((item) => item.id));
    const line = (id: string) => attempt.feedback.find((feedback) => feedback.itemId === id)!;
    expect(line('asks-for-meeting')).toMatchObject({ found: true });
    expect(line('asks-for-meeting').evidence.some((words) => GOOD_COLD_CALL.includes(words) && /20 minutes|Thursday/.test(words))).toBe(
      true,
    );
    // Judged by people only: never found by the matcher.
    expect(line('lets-him-answer')).toEqual({ itemId: 'lets-him-answer', found: false, evidence: [] });
    // Off topic: nothing found.
    const offTopic = await answer(client, 'The weather in Denver has been lovely, thanks for asking about my weekend.');
    expect(offTopic.feedback.filter((feedback) => feedback.found)).toEqual([]);
    expect((await stateOf(client)).state).toBe('draft');
  });

  it('refuses an unknown scenario (404), an empty or too long answer and unknown fields (400), signed out (401)', async () => {
    const { client } = await signUp(context.app, 'Bad Text');
    expect(await messageOf(await client.post('/api/practice/attempts', { scenarioId: 'no-such-scenario', text: 'Hello' }), 404)).toBe(
      'Scenario not found',
    );
    expect(await messageOf(await client.post('/api/practice/attempts', { scenarioId: COLD_CALL, text: '   ' }), 400)).toBe(
      'text: Write your answer first: it is empty.',
    );
    expect(await messageOf(await client.post('/api/practice/attempts', { scenarioId: COLD_CALL, text: 'a'.repeat(5001) }), 400)).toBe(
      'text: Your answer is too long: at most 5000 characters.',
    );
    expect((await client.post('/api/practice/attempts', { scenarioId: COLD_CALL, text: 'a'.repeat(5000) })).status).toBe(201);
    expect(await messageOf(await client.post('/api/practice/attempts', { scenarioId: COLD_CALL, text: 'Hi', score: 100 }), 400)).toBe(
      'Unknown field: score',
    );
    expect(await messageOf(await context.app.client().post('/api/practice/attempts', { scenarioId: COLD_CALL, text: 'Hi' }), 401)).toBe(
      'Not signed in',
    );
  });
});

describe('an attempt', () => {
  it('is seen by its owner and administrators only: anybody else, or a made-up id, gets 404', async () => {
    const owner = await signUp(context.app, 'Attempt Owner');
    const other = await signUp(context.app, 'Attempt Other');
    const attempt = await answer(owner.client, GOOD_COLD_CALL);
    expect(await expectJson(await owner.client.get(`/api/practice/attempts/${attempt.id}`), 200, practiceAttemptSchema)).toEqual(attempt);
    expect((await expectJson(await admin.get(`/api/practice/attempts/${attempt.id}`), 200, practiceAttemptSchema)).id).toBe(attempt.id);
    expect(await messageOf(await other.client.get(`/api/practice/attempts/${attempt.id}`), 404)).toBe('Attempt not found');
    expect(await messageOf(await other.client.request('DELETE', `/api/practice/attempts/${attempt.id}`), 404)).toBe('Attempt not found');
    expect(await messageOf(await owner.client.get('/api/practice/attempts/not..an..id'), 404)).toBe('Attempt not found');
    expect(await messageOf(await owner.client.get(`/api/practice/attempts/${owner.user.id}.${COLD_CALL}.nothing`), 404)).toBe(
      'Attempt not found',
    );
    expect(await messageOf(await context.app.client().get(`/api/practice/attempts/${attempt.id}`), 401)).toBe('Not signed in');
  });

  it('sent for review waits in the administrators’ queue; sending it twice changes nothing; reps cannot see the queue', async () => {
    const { client, user } = await signUp(context.app, 'Queue Rep');
    const attempt = await answer(client, GOOD_COLD_CALL);
    expect(await messageOf(await submit(client, attempt, { 'no-such-item': true }), 400)).toBe(
      "selfCheck: no-such-item is not an item of this scenario's rubric",
    );
    const sent = await expectJson(await submit(client, attempt, { 'names-self-and-email': true }), 200, practiceAttemptSchema);
    expect(sent).toMatchObject({ status: 'waiting', selfCheck: { 'names-self-and-email': true } });
    const again = await expectJson(await submit(client, attempt, { 'asks-for-meeting': true }), 200, practiceAttemptSchema);
    expect(again).toEqual(sent);
    if (context.app.inProcess) {
      const journaled = (await journalKeysOf(context.app, user.id)).filter((key) => key.includes('.prs-'));
      expect(journaled).toEqual([expect.stringMatching(new RegExp(`\\.prs-${COLD_CALL}$`))]);
    }
    expect((await stateOf(client)).state).toBe('waiting');
    const { waiting } = await expectJson(await admin.get('/api/practice/reviews'), 200, practiceReviewQueueSchema);
    const queued = waiting.filter((entry) => entry.id === attempt.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ owner: 'Queue Rep', scenarioTitle: scenarioOf(COLD_CALL).title, status: 'waiting' });
    expect(waiting.map((entry) => entry.submittedAt)).toEqual(waiting.map((entry) => entry.submittedAt).toSorted());
    expect(await messageOf(await client.get('/api/practice/reviews'), 403)).toBe(PRACTICE_REVIEWS_DENIED);
    expect(await messageOf(await client.post(`/api/practice/attempts/${attempt.id}/review`, { marks: {}, comment: '' }), 403)).toBe(
      PRACTICE_REVIEWS_DENIED,
    );
    expect(user.id).toBe(attempt.id.split('.')[0]);
  });

  it('is deleted by its owner before review, leaving the queue; after review it stays (409)', async () => {
    const { client } = await signUp(context.app, 'Deleting Rep');
    const draft = await answer(client, GOOD_COLD_CALL);
    expect((await client.request('DELETE', `/api/practice/attempts/${draft.id}`)).status).toBe(204);
    expect(await messageOf(await client.get(`/api/practice/attempts/${draft.id}`), 404)).toBe('Attempt not found');
    const waiting = await answer(client, GOOD_COLD_CALL);
    await submit(client, waiting);
    expect((await client.request('DELETE', `/api/practice/attempts/${waiting.id}`)).status).toBe(204);
    const queue = await expectJson(await admin.get('/api/practice/reviews'), 200, practiceReviewQueueSchema);
    expect(queue.waiting.map((entry) => entry.id)).not.toContain(waiting.id);
    expect((await stateOf(client)).state).toBe('not-tried');
    const reviewed = await answer(client, GOOD_COLD_CALL);
    await submit(client, reviewed);
    expect(
      (
        await review(
          reviewed,
          allMarks(COLD_CALL, () => true),
        )
      ).status,
    ).toBe(200);
    expect(await messageOf(await client.request('DELETE', `/api/practice/attempts/${reviewed.id}`), 409)).toBe(
      'A reviewed attempt cannot be deleted.',
    );
  });
});

describe('a review', () => {
  it('passes when every required item is yes: the rep sees it, the plan item is done, and the scenario comes back after 30, then 90 days', async () => {
    const { client, user } = await signUp(context.app, 'Passing Rep');
    await expectJson(
      await admin.post('/api/program-assignments', { username: user.username, programId: 'sdr-onboarding' }),
      201,
      planSchema,
    );
    const planItem = async () =>
      (await expectJson(await client.get('/api/plan'), 200, planSchema)).items.find((item) => item.id === `practice-${COLD_CALL}`);
    expect(await planItem()).toMatchObject({ kind: 'practice', status: 'upcoming', doneAt: null, href: `/practice/${COLD_CALL}` });

    const attempt = await answer(client, GOOD_COLD_CALL);
    await submit(client, attempt);
    const marks = allMarks(COLD_CALL, (item) => item.required);
    const reviewedAt = new Date().toISOString();
    const reviewed = await expectJson(await review(attempt, marks, '  Clear ask.  ', reviewedAt), 200, practiceAttemptSchema);
    expect(reviewed).toMatchObject({ status: 'passed', review: { marks, comment: 'Clear ask.', reviewer: DEMO_ADMIN.name, reviewedAt } });
    expect(await expectJson(await client.get(`/api/practice/attempts/${attempt.id}`), 200, practiceAttemptSchema)).toEqual(reviewed);
    expect(await messageOf(await review(attempt, marks), 409)).toBe('This attempt has been reviewed already.');
    expect(await planItem()).toMatchObject({ status: 'done', doneAt: reviewedAt });

    const passed = await stateOf(client);
    expect(passed).toMatchObject({ state: 'passed', passedAt: reviewedAt });
    const days = (n: number) => new Date(Date.parse(reviewedAt) + n * 86_400_000).toISOString();
    expect(passed.dueAt).toBe(days(30));
    expect((await stateOf(client, COLD_CALL, days(29))).state).toBe('passed');
    expect((await stateOf(client, COLD_CALL, days(30))).state).toBe('due');

    // Practised again and passed: next time after 90 days.
    const later = days(31);
    const second = await expectJson(
      await client.request('POST', '/api/practice/attempts', {
        body: { scenarioId: COLD_CALL, text: GOOD_COLD_CALL },
        headers: { 'x-parcelwise-now': later },
      }),
      201,
      practiceAttemptSchema,
    );
    expect((await stateOf(client, COLD_CALL, later)).state).toBe('draft');
    await client.request('POST', `/api/practice/attempts/${second.id}/submit`, {
      body: { selfCheck: {} },
      headers: { 'x-parcelwise-now': later },
    });
    await expectJson(await review(second, marks, 'Again.', days(32)), 200, practiceAttemptSchema);
    const twice = await stateOf(client, COLD_CALL, days(33));
    expect(twice).toMatchObject({
      state: 'passed',
      passedAt: days(32),
      dueAt: new Date(Date.parse(days(32)) + 90 * 86_400_000).toISOString(),
    });
  });

  it('asks the rep to try again when a required item is no', async () => {
    const { client } = await signUp(context.app, 'Try Again Rep');
    const attempt = await answer(client, 'Hi Nathan, do you have a minute?');
    await submit(client, attempt);
    const marks = allMarks(COLD_CALL, (item) => item.id !== 'asks-for-meeting');
    const reviewed = await expectJson(await review(attempt, marks, 'Ask for the meeting.'), 200, practiceAttemptSchema);
    expect(reviewed.status).toBe('try-again');
    expect((await stateOf(client)).state).toBe('try-again');
  });

  it('refuses marks for items the scenario does not have, a missing mark, a draft, an unknown attempt, a long comment', async () => {
    const { client } = await signUp(context.app, 'Bad Review Rep');
    const attempt = await answer(client, GOOD_COLD_CALL);
    const marks = allMarks(COLD_CALL, () => true);
    expect(await messageOf(await review(attempt, marks), 409)).toBe('This attempt has not been sent for review.');
    await submit(client, attempt);
    expect(await messageOf(await review(attempt, { ...marks, 'made-up-item': true }), 400)).toBe(
      "marks: made-up-item is not an item of this scenario's rubric",
    );
    const { ['asks-for-meeting']: _left, ...missing } = marks;
    expect(await messageOf(await review(attempt, missing), 400)).toBe('marks: mark every rubric item yes or no; missing asks-for-meeting');
    expect(await messageOf(await review(attempt, marks, 'x'.repeat(2001)), 400)).toBe(
      'comment: The comment is too long: at most 2000 characters.',
    );
    expect(await messageOf(await review({ ...attempt, id: `${attempt.id}x` }, marks), 404)).toBe('Attempt not found');
    expect((await stateOf(client)).state).toBe('waiting');
  });
});

describe('a recording', () => {
  it('is stored as sent and played back to its owner and administrators only, never cached', async () => {
    const owner = await signUp(context.app, 'Recording Owner');
    const other = await signUp(context.app, 'Recording Other');
    const bytes = fixture('tone.webm');
    const attempt = await expectJson(await record(owner.client, bytes), 201, practiceAttemptSchema);
    expect(attempt).toMatchObject({ kind: 'audio', status: 'draft', feedback: [], hasAudio: true });
    for (const client of [owner.client, admin]) {
      const response = await client.get(`/api/practice/attempts/${attempt.id}/audio`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/webm');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    }
    expect(await messageOf(await other.client.get(`/api/practice/attempts/${attempt.id}/audio`), 404)).toBe('Attempt not found');
    const typed = await answer(owner.client, GOOD_COLD_CALL);
    expect(await messageOf(await owner.client.get(`/api/practice/attempts/${typed.id}/audio`), 404)).toBe('This attempt has no recording');
  });

  it('refuses what is not audio whatever its header (415), over 5 MB or past the time limit (413), and stores nothing', async () => {
    const { client, user } = await signUp(context.app, 'Bad Recording');
    const notAudio = 'This file is not an audio recording: record your answer in the browser or type it.';
    expect(await messageOf(await record(client, fixture('png-image.webm')), 415)).toBe(notAudio);
    expect(await messageOf(await record(client, fixture('text.webm')), 415)).toBe(notAudio);
    expect(await messageOf(await record(client, fixture('with-video.webm'), COLD_CALL, 'video/webm'), 415)).toBe(notAudio);
    expect(await messageOf(await record(client, new Uint8Array(5 * 1024 * 1024 + 1)), 413)).toBe('The recording is larger than 5 MB.');
    const limit = scenarioOf(COLD_CALL).timeLimitSeconds;
    expect(await messageOf(await record(client, silentWav(limit + 15), COLD_CALL, 'audio/wav'), 413)).toBe(
      `The recording is ${limit + 15} seconds long; this scenario allows ${limit} seconds.`,
    );
    if (context.app.inProcess) expect(await storedKeys(context.app, `practice-recordings/${user.id}/`)).toEqual([]);
    expect((await record(client, silentWav(limit + 5), COLD_CALL, 'audio/wav')).status).toBe(201);
    if (context.app.inProcess) expect(await storedKeys(context.app, `practice-recordings/${user.id}/`)).toHaveLength(1);
    expect(await messageOf(await record(client, fixture('tone.webm'), 'no-such-scenario'), 404)).toBe('Scenario not found');
    const form = new FormData();
    form.set('scenarioId', COLD_CALL);
    expect(await messageOf(await client.request('POST', '/api/practice/attempts', { form }), 400)).toBe(
      'audio: Required: send the recording as the audio field',
    );
    expect((await stateOf(client)).state).toBe('draft'); // only the one within the limit
  });
});

/** A silent 8 kHz, 8-bit mono WAV of `seconds` (8,000 bytes a second). */
function silentWav(seconds: number): Uint8Array {
  const dataBytes = 8000 * seconds;
  const buffer = Buffer.alloc(44 + dataBytes, 0x80);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(8000, 24);
  buffer.writeUInt32LE(8000, 28); // bytes a second
  buffer.writeUInt16LE(1, 32);
  buffer.writeUInt16LE(8, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(dataBytes, 40);
  return new Uint8Array(buffer);
}

describe('the microphone', () => {
  it('is allowed for the site itself on a scenario’s page only; every other page refuses it', async () => {
    const { client } = await signUp(context.app, 'Microphone Rep');
    const policyOf = async (path: string) => {
      const response = await client.request('GET', path, { headers: { Accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      return response.headers.get('permissions-policy') ?? '';
    };
    expect(await policyOf(`/practice/${COLD_CALL}`)).toContain('microphone=(self)');
    for (const path of ['/practice', '/', '/sales-kit/objections']) {
      const policy = await policyOf(path);
      expect(policy, path).toContain('microphone=()');
      expect(policy, path).not.toContain('microphone=(self)');
    }
  });
});
