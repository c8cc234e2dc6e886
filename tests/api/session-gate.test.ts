// The session gate (src/server/http/signed-in.ts, docs/architecture.md "One way through a request"):
// every GET of a protected page or call runs beside the session check, its own reads going out with the
// session and user records; a session that has ended gets exactly what any signed-out request gets, shows
// nothing of the user and writes nothing, not even later; writes wait for the check. The team routes read
// the team's rollup beside the check for whoever asks and use it, or save it, only for an administrator.
// Counted on the built function over a local Blobs server that holds every get 50 ms (the session
// check's reads) and anything else 10 ms, so operations that run together visibly overlap.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundWorkDone } from '~/server/background';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { listBlobs, listKeys } from '~/server/storage/blobs';
import { ACCESS_DENIED_DESCRIPTION } from '~/shared/access';
import { ROUTE_EXAMPLES } from '~tools/route-examples';
import { startTracedApp, type Measured, type TracedApp } from '~tools/traced-app';

let app: TracedApp;
beforeAll(async () => {
  app = await startTracedApp({ latency: { get: 50, set: 10, list: 10, jitter: 0 }, siteID: 'session-gate' });
}, 180_000);
afterAll(() => app?.stop());

/** Every GET a learner makes of a protected page or call (from the route examples), by its path. */
const LEARNER_GETS = ROUTE_EXAMPLES.flatMap((example) =>
  example.method === 'GET' && example.as === 'learner' && example.status === 200 && typeof example.path === 'string' ? [example.path] : [],
);
const TEAM_PATHS = ['/team-progress', '/api/team-progress', '/api/team-progress/knowledge'];

function sessionCookieOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith('pw_session='));
  expect(cookie).toBeDefined();
  return cookie!;
}

async function newAccount(): Promise<{ id: string; cookie: string; name: string }> {
  const name = `Reader ${randomUUID().slice(0, 8)}`;
  const response = await app.client().request('POST', '/api/register', {
    body: { username: `${name.replace(' ', '-').toLowerCase()}@parcelwise.example`, password: 'correct-horse-battery', name },
  });
  expect(response.status).toBe(201);
  const { id } = (await response.clone().json()) as { id: string };
  return { id, cookie: sessionCookieOf(response), name };
}

async function adminCookie(): Promise<string> {
  const response = await app
    .client()
    .request('POST', '/api/login', { body: { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password } });
  expect(response.status).toBe(200);
  return sessionCookieOf(response);
}

const isSessionCheck = (key: string) => key.startsWith('sessions/') || key.startsWith('users/');
const writesOf = (measured: Measured) => measured.operations.filter((operation) => operation.kind === 'set' || operation.kind === 'delete');
const sessionEnd = (measured: Measured) => Math.max(...measured.operations.filter((o) => isSessionCheck(o.key)).map((o) => o.end));

function expectSignedOut(path: string, replayed: Measured): void {
  if (path.startsWith('/api/')) {
    expect(replayed.status).toBe(401);
    expect(JSON.parse(replayed.body)).toEqual({ message: 'Not signed in' });
  } else {
    expect(replayed.status).toBe(302);
    expect(replayed.body).toBe('');
  }
}

/** Writes a learner sends, each with a valid body. */
const WRITES = [
  { method: 'POST', path: '/api/progress', status: 201, body: { moduleId: 1, completedLessons: [101] } },
  { method: 'PATCH', path: '/api/progress/1', status: 200, body: { completedLessons: [101] } },
  { method: 'PATCH', path: '/api/modules/1', status: 200, body: { status: 'in_progress' } },
  {
    method: 'POST',
    path: '/api/track-visit',
    status: 204,
    body: { pagePath: '/product', tabId: null, timeSpent: null, exitPage: null, visitDate: '2026-11-26T09:00:00.000Z' },
  },
];

describe('with a live session', () => {
  it('covers the learner GET routes of the examples', () => {
    expect(LEARNER_GETS.length).toBeGreaterThan(20);
  });

  it.each(LEARNER_GETS)('GET %s starts its own reads beside the session check', async (path) => {
    const account = await newAccount();
    await app.client().request('GET', path, { headers: { Cookie: account.cookie } }); // the route's code loaded
    const measured = await app.measure(app.client(), 'GET', path, { headers: { Cookie: account.cookie } });
    expect(measured.status, measured.body.slice(0, 300)).toBe(200);
    const own = measured.operations.filter((o) => !isSessionCheck(o.key) && !o.background);
    for (const operation of own) expect(operation.start, operation.key).toBeLessThan(sessionEnd(measured));
    // A page shows who is signed in; a call, or a file to download (a deal template), does not.
    const isFile = /^\/sales-kit\/deal-templates\/[^/]+$/.test(path);
    if (!path.startsWith('/api/') && !isFile) expect(measured.body).toContain(account.name);
  });

  it.each(WRITES)('$method $path writes only after the session check', async ({ method, path, status, body }) => {
    const account = await newAccount();
    const measured = await app.measure(app.client(), method, path, { headers: { Cookie: account.cookie }, body });
    expect(measured.status, measured.body.slice(0, 300)).toBe(status);
    const writes = writesOf(measured);
    expect(writes.length).toBeGreaterThan(0);
    for (const operation of writes) expect(operation.start, operation.key).toBeGreaterThanOrEqual(sessionEnd(measured));
  });

  it.each(TEAM_PATHS)("GET %s reads the team's rollup beside an administrator's session check", async (path) => {
    const member = await newAccount();
    const cookie = await adminCookie();
    // The page shows a page of rows: it finds the member, who may sort past the first page among this file's accounts.
    const url = path === '/team-progress' ? `${path}?find=${encodeURIComponent(member.name)}` : path;
    await app.client().request('GET', url, { headers: { Cookie: cookie } });
    const measured = await app.measure(app.client(), 'GET', url, { headers: { Cookie: cookie } });
    expect(measured.status, measured.body.slice(0, 300)).toBe(200);
    const rollup = measured.operations.find((o) => o.key === 'team-progress/rollup')!;
    expect(rollup.start).toBeLessThan(sessionEnd(measured));
    expect(measured.summary.sequential).toBeLessThanOrEqual(2);
    if (path !== '/api/team-progress/knowledge') expect(measured.body).toContain(member.name);
  });

  it.each(TEAM_PATHS)('GET %s answers a learner 403 without any team figure, and saves nothing', async (path) => {
    const member = await newAccount();
    const account = await newAccount();
    await app.client().request('GET', path, { headers: { Cookie: account.cookie } });
    const before = await listBlobs('team-progress/');
    const measured = await app.measure(app.client(), 'GET', path, { headers: { Cookie: account.cookie } });
    expect(measured.status).toBe(403);
    expect(measured.body).not.toContain(member.name);
    if (path.startsWith('/api/')) expect(JSON.parse(measured.body)).toEqual({ message: ACCESS_DENIED_DESCRIPTION });
    else expect(measured.body).toContain('Restricted Access');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await backgroundWorkDone();
    expect(writesOf(measured)).toEqual([]);
    expect(await listBlobs('team-progress/'), 'no rollup saved for a learner, not even later').toEqual(before);
  });
});

describe('with a session that has ended', () => {
  it.each(LEARNER_GETS)('GET %s answers as signed out, shows nothing of the user and writes nothing', async (path) => {
    const account = await newAccount();
    expect((await app.client().request('POST', '/api/logout', { headers: { Cookie: account.cookie } })).status).toBe(200);
    const replayed = await app.measure(app.client(), 'GET', path, { headers: { Cookie: account.cookie } });
    expectSignedOut(path.split('?')[0]!, replayed);
    expect(replayed.body).not.toContain(account.name);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await backgroundWorkDone();
    expect(writesOf(replayed), 'no write, not even in the background').toEqual([]);
    expect(await listKeys(`review-snapshots/${account.id}`)).toEqual([]);
  });

  it.each(TEAM_PATHS)("GET %s answers an ended administrator's session as signed out and saves nothing", async (path) => {
    const cookie = await adminCookie();
    await app.client().request('POST', '/api/logout', { headers: { Cookie: cookie } });
    const before = await listBlobs('team-progress/');
    const replayed = await app.measure(app.client(), 'GET', path, { headers: { Cookie: cookie } });
    expectSignedOut(path, replayed);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await backgroundWorkDone();
    expect(writesOf(replayed)).toEqual([]);
    expect(await listBlobs('team-progress/'), 'no rollup saved, not even later').toEqual(before);
  });

  it.each(WRITES)('$method $path answers 401 and writes nothing, not even later', async ({ method, path, body }) => {
    const account = await newAccount();
    await app.client().request('POST', '/api/logout', { headers: { Cookie: account.cookie } });
    const replayed = await app.measure(app.client(), method, path, { headers: { Cookie: account.cookie }, body });
    expect(replayed.status).toBe(401);
    expect(JSON.parse(replayed.body)).toEqual({ message: 'Not signed in' });
    expect(writesOf(replayed)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await backgroundWorkDone();
    for (const folder of ['lesson-completions', 'progress-records', 'module-status', 'review-answers']) {
      expect(await listKeys(`${folder}/${account.id}/`), folder).toEqual([]);
    }
  });
});
