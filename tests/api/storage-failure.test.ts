// When Netlify Blobs cannot be reached the API answers 503 JSON and pages a 503 page, never a crash;
// a registration cut short by a storage failure never locks its username.
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER } from '~/server/demo-accounts';
import { signIn, startApp, type TestApp, credentials } from './harness';

const inProcess = process.env['API_BASE_URL'] === undefined;
let app: TestApp;
beforeAll(async () => {
  if (inProcess) app = await startApp();
});
afterAll(async () => {
  if (inProcess) await app.stop();
});

describe.skipIf(!inProcess)('storage failures', () => {
  it('a user record lost after the username was claimed does not lock the username (once the claim is a minute old)', async () => {
    const username = `half-${randomUUID().slice(0, 8)}@parcelwise.example`;
    const first = await app.request('POST', '/api/register', { body: { username, password: 'long-enough-pw', name: 'Half Written' } });
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    // Simulate a write that never landed: remove the user record, keep the username claim.
    const store = path.join(app.blobsDirectory!, 'entries', 'api-tests', 'site:learning-hub');
    await rm(path.join(store, 'users', id));
    // A claim this fresh may be a registration still writing its user: not taken over.
    const tooSoon = await app.request('POST', '/api/register', { body: { username, password: 'long-enough-pw', name: 'Too Soon' } });
    expect(tooSoon.status).toBe(409);
    // A minute later they are leftovers: age the claims the lost user holds (its username and what it looks like).
    const claims = [
      path.join(store, 'usernames', createHash('sha256').update(username).digest('hex').slice(0, 40)),
      ...(await readdir(path.join(store, 'username-skeletons'))).map((name) => path.join(store, 'username-skeletons', name)),
    ];
    for (const claim of claims) {
      const held = JSON.parse(await readFile(claim, 'utf8')) as { userId: string };
      if (held.userId === id) await writeFile(claim, JSON.stringify({ ...held, claimedAt: new Date(Date.now() - 61_000).toISOString() }));
    }
    const again = await app.request('POST', '/api/register', { body: { username, password: 'long-enough-pw', name: 'Whole Again' } });
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ username, name: 'Whole Again' });
  });

  it('answers 503 JSON on the API and a 503 page when Blobs is unreachable', async () => {
    const client = await signIn(app, DEMO_USER);
    await app.stopBlobs!();
    const api = await client.get('/api/user');
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ message: 'Storage is temporarily unavailable. Please try again in a moment.' });
    // A call whose reads go out beside the session check (READ_AHEAD_ROUTES) fails the same way.
    const review = await client.get('/api/review');
    expect(review.status).toBe(503);
    expect(await review.json()).toEqual({ message: 'Storage is temporarily unavailable. Please try again in a moment.' });
    const login = await app.request('POST', '/api/login', { body: credentials(DEMO_USER) });
    expect(login.status).toBe(503);
    const page = await client.request('GET', '/', { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('Storage is temporarily unavailable');
  });
});
