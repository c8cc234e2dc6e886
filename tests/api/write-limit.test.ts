// The per-person write limit (docs/decisions.md "Throttling"): at most WRITES_PER_MINUTE (60) signed-in
// writes a minute per person, visits apart (their own cap), sign-in, registration and logout apart (their
// own throttles); over it, 429 JSON with the message and Retry-After (a form: a 429 page), nothing stored.
// With the test clock, in process only (the limit's setting is this process's environment).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressRecordSchema } from '~/shared/api/progress';
import { type ApiClient, expectJson, messageOf, signUp, useTestApp } from './harness';

const inProcess = process.env['API_BASE_URL'] === undefined;
const t = useTestApp();
let saved: string | undefined;
beforeAll(() => {
  process.env['PARCELWISE_TEST_CLOCK'] = 'true';
  saved = process.env['WRITES_PER_MINUTE'];
  delete process.env['WRITES_PER_MINUTE']; // the default: 60
});
afterAll(() => {
  delete process.env['PARCELWISE_TEST_CLOCK'];
  if (saved === undefined) delete process.env['WRITES_PER_MINUTE'];
  else process.env['WRITES_PER_MINUTE'] = saved;
});

const T0 = Date.parse('2032-01-10T09:00:00.000Z');
/** `seconds` after T0, as the test clock's header. */
const clock = (seconds: number) => ({ 'x-parcelwise-now': new Date(T0 + seconds * 1000).toISOString() });
const LIMITED = 'Too many changes in a minute (at most 60). Please wait a moment and try again.';

const setStatus = (client: ApiClient, seconds: number, moduleId = 1) =>
  client.request('PATCH', `/api/modules/${moduleId}`, { headers: clock(seconds), body: { status: 'in_progress' } });

/** 60 writes in the person's first 30 seconds after `start`. */
async function sixtyWrites(client: ApiClient, start: number): Promise<void> {
  for (let n = 0; n < 60; n++) expect((await setStatus(client, start + n / 2)).status).toBe(200);
}

describe.skipIf(!inProcess)('the per-person write limit', () => {
  it('answers the 61st write of a minute 429 with Retry-After, stores nothing of it, and lets the person write again a minute after the first', async () => {
    const { client } = await signUp(t.app, 'Busy Writer');
    await sixtyWrites(client, 0);
    const lessons = ((await (await client.get('/api/modules/2')).json()) as { content: Array<{ id: number }> }).content;
    const refused = await client.request('PATCH', '/api/progress/2', { headers: clock(40), body: { completedLessons: [lessons[0]!.id] } });
    expect(await messageOf(refused, 429)).toBe(LIMITED);
    expect(refused.headers.get('retry-after')).toBe('20'); // the first write is a minute old at 60 s
    const progress = await expectJson(await client.get('/api/progress'), 200, progressRecordSchema.array());
    expect(progress.find((record) => record.moduleId === 2)).toBeUndefined();

    // Reads, visits and other people are not held back.
    expect((await client.request('GET', '/api/user', { headers: clock(41) })).status).toBe(200);
    const visit = { pagePath: '/product', tabId: null, visitDate: new Date(T0).toISOString() };
    expect((await client.request('POST', '/api/track-visit', { headers: clock(41), body: visit })).status).toBe(204);
    expect((await setStatus((await signUp(t.app, 'Calm Writer')).client, 41)).status).toBe(200);

    expect((await setStatus(client, 59.9)).status).toBe(429);
    expect((await setStatus(client, 60.1)).status).toBe(200);
  });

  it('holds back the /review form too, with a 429 page', async () => {
    const { client } = await signUp(t.app, 'Busy Reviewer');
    await sixtyWrites(client, 100);
    const form = await client.request('POST', '/review', {
      headers: { ...clock(130), Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
      rawBody: 'questionId=1%3Aq1&answerId=a',
    });
    expect(form.status).toBe(429);
    expect(form.headers.get('retry-after')).toBe('30');
    expect(form.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await form.text();
    expect(html).toContain('<h1>Too many requests</h1>');
    expect(html).toContain('Too many changes in a minute (at most 60).');
  });

  it('counts a burst of simultaneous writes: whatever passes, the next write is refused', async () => {
    const { client } = await signUp(t.app, 'Burst Writer');
    const statuses = await Promise.all(Array.from({ length: 80 }, (_, n) => setStatus(client, 200, (n % 6) + 1).then((r) => r.status)));
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect((await setStatus(client, 201)).status).toBe(429);
  });

  it('follows WRITES_PER_MINUTE, and answers 503 naming it when it is not a whole number from 1 to 100000', async () => {
    const { client } = await signUp(t.app, 'Setting Writer');
    process.env['WRITES_PER_MINUTE'] = '3';
    try {
      for (let n = 0; n < 3; n++) expect((await setStatus(client, 300 + n)).status).toBe(200);
      expect(await messageOf(await setStatus(client, 304), 429)).toBe(
        'Too many changes in a minute (at most 3). Please wait a moment and try again.',
      );
      for (const bad of ['0', 'lots', '100001', '2.5']) {
        process.env['WRITES_PER_MINUTE'] = bad;
        expect(await messageOf(await client.get('/api/user'), 503), bad).toBe(
          'WRITES_PER_MINUTE must be a whole number from 1 to 100000 (default 60).',
        );
      }
    } finally {
      delete process.env['WRITES_PER_MINUTE'];
    }
  });
});
