// Sign-in keeps its Blobs requests in three rounds (src/server/services/sign-in.ts) even when reads
// answer much faster than writes, as they can on Netlify. Counted, never timed: with gets and lists
// held 5 ms and sets 40 ms, a user record read as soon as the username claim arrives would finish while
// the attempt records are still being written, and the chain would grow to four (claim, user, counts,
// session). tests/api/round-trips.test.ts covers every route with even latencies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER } from '~/server/demo-accounts';
import { startTracedApp, type Measured, type TracedApp } from '~tools/traced-app';

let app: TracedApp;

beforeAll(async () => {
  app = await startTracedApp({ latency: { get: 5, set: 40, list: 5, jitter: 0 }, siteID: 'sign-in-rounds' });
  // The demo accounts are made on the first sign-in; the rounds below are those of a live site.
  await app.client().request('POST', '/api/login', { body: { username: DEMO_USER.username, password: DEMO_USER.password } });
}, 240_000);
afterAll(() => app?.stop());

const signIn = (username: string, password: string): Promise<Measured> =>
  app.measure(app.client(), 'POST', '/api/login', { body: { username, password } });

const timeline = (measured: Measured) =>
  measured.operations.map((o) => `${o.start.toFixed(0)}–${o.end.toFixed(0)} ${o.kind} ${o.key}`).join('\n');

describe('sign-in with reads faster than writes', () => {
  it('signs in within 3 sequential round trips, the user record read beside the attempt counts', async () => {
    const measured = await signIn(DEMO_USER.username, DEMO_USER.password);
    expect(measured.status).toBe(200);
    expect(measured.summary.sequential, timeline(measured)).toBe(3);
    const userRead = measured.operations.find((o) => o.kind === 'get' && o.key.startsWith('users/'))!;
    const counts = measured.operations.filter((o) => o.kind === 'list' && o.key.startsWith('throttle/'));
    expect(counts.length).toBeGreaterThan(0);
    const firstCount = Math.min(...counts.map((o) => o.start));
    expect(userRead.start, timeline(measured)).toBeGreaterThanOrEqual(firstCount - 1);
  });

  it('refuses a wrong password and an unknown username within the same 3 round trips', async () => {
    for (const [username, password] of [
      [DEMO_USER.username, 'not-the-password'],
      ['nobody-here@parcelwise.example', 'not-the-password'],
    ] as const) {
      const measured = await signIn(username, password);
      expect(measured.status).toBe(401);
      expect(measured.summary.sequential, timeline(measured)).toBeLessThanOrEqual(3);
      expect(measured.operations.filter((o) => o.kind === 'get').map((o) => o.key.split('/')[0])).toEqual(['usernames', 'users']);
    }
  });
});
