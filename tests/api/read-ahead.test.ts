// Reads beside the session check (src/lib/server/http/read-ahead.ts, docs/decisions.md "Blobs round
// trips"): on the GET routes of READ_AHEAD_ROUTES the route's own reads go out with the session and user
// records, in one round trip; a session that has ended gets exactly what any signed-out request gets, and
// its reads are dropped without a write. The team routes read the team's rollup that way for whoever asks,
// and use it only for an administrator. Counted on the built function over a local Blobs server that
// holds every get 50 ms (the session check's reads) and anything else 10 ms, so operations that run
// together visibly overlap even on a busy machine.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_AHEAD_ROUTES } from '~/lib/server/http/read-ahead';
import { backgroundWorkDone } from '~/lib/server/request-trace';
import { DEMO_ADMIN } from '~/lib/server/demo-accounts';
import { listBlobs, listKeys } from '~/lib/server/storage/blobs';
import { ACCESS_DENIED_DESCRIPTION } from '~/lib/team/figures';
import { siteRoutes } from '../support/page-routes';
import { startTracedApp, type Measured, type TracedApp } from '../support/traced-app';

let app: TracedApp;
beforeAll(async () => {
  app = await startTracedApp({ latency: { get: 50, set: 10, list: 10, jitter: 0 }, siteID: 'read-ahead' });
}, 60_000);
afterAll(() => app?.stop());

/** The session cookie a sign-in or registration answer sets, as a request sends it back (`pw_session=…`). */
function sessionCookieOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith('pw_session='));
  expect(cookie).toBeDefined();
  return cookie!;
}

/** What any signed-out request gets: 401 JSON from the API, an empty redirect to /auth from a page. */
function expectSignedOut(pattern: string, replayed: Measured): void {
  if (pattern.startsWith('/api/')) {
    expect(replayed.status).toBe(401);
    expect(JSON.parse(replayed.body)).toEqual({ message: 'Not signed in' });
  } else {
    expect(replayed.status).toBe(302);
    expect(replayed.body).toBe('');
  }
}

/** A new account, signed in; its session cookie as sent back (`pw_session=…`) and its name. */
async function newAccount(): Promise<{ id: string; cookie: string; name: string; firstLesson: number }> {
  const name = `Reader ${randomUUID().slice(0, 8)}`;
  const response = await app.client().request('POST', '/api/register', {
    body: { username: `${name.replace(' ', '-').toLowerCase()}@parcelwise.example`, password: 'correct-horse-battery', name },
  });
  expect(response.status).toBe(201);
  const { id } = (await response.clone().json()) as { id: string };
  const cookie = sessionCookieOf(response);
  const module = (await (await app.client().request('GET', '/api/modules/1', { headers: { Cookie: cookie } })).json()) as {
    content: Array<{ id: number }>;
  };
  return { id, cookie, name, firstLesson: module.content[0]!.id };
}

/** A path for every route of READ_AHEAD_ROUTES. */
const pathsOf = (firstLesson: number): Record<string, string> => ({
  '/': '/',
  '/modules/[id]': '/modules/1',
  '/industry-knowledge/[id]': '/industry-knowledge/2',
  '/modules/[id]/lessons/[lessonId]': `/modules/1/lessons/${firstLesson}`,
  '/quizzes': '/quizzes',
  '/review': '/review',
  '/api/daily-challenge': '/api/daily-challenge',
  '/api/modules/[id]': '/api/modules/1',
  '/api/progress': '/api/progress',
  '/api/quiz-results': '/api/quiz-results',
  '/api/review': '/api/review',
});

const isSessionCheck = (key: string) => key.startsWith('sessions/') || key.startsWith('users/');

/** When the session check's reads ended, and the first of the route's own reads started. */
function sessionAndFirstRead(measured: Measured): { sessionEnd: number; firstReadStart: number } {
  const check = measured.operations.filter((operation) => isSessionCheck(operation.key));
  const reads = measured.operations.filter((operation) => !isSessionCheck(operation.key));
  expect(check.length, 'the session check read the session and the user').toBe(2);
  expect(reads.length, 'the route read something of its own').toBeGreaterThan(0);
  return { sessionEnd: Math.max(...check.map((o) => o.end)), firstReadStart: Math.min(...reads.map((o) => o.start)) };
}

/** The administrators' routes of READ_AHEAD_ROUTES (each its own path): the team's reads start beside the check, whoever asks. */
const TEAM_ROUTES = ['/team-progress', '/api/team-progress', '/api/team-progress/knowledge'];

const GET_ROUTES = [...READ_AHEAD_ROUTES]
  .filter((route) => route.startsWith('GET '))
  .map((route) => route.slice(4))
  .filter((pattern) => !TEAM_ROUTES.includes(pattern));

/** The demo administrator, signed in afresh: its session cookie. */
async function adminCookie(): Promise<string> {
  const response = await app
    .client()
    .request('POST', '/api/login', { body: { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password } });
  expect(response.status).toBe(200);
  return sessionCookieOf(response);
}

const writesOf = (measured: Measured) => measured.operations.filter((operation) => operation.kind === 'set' || operation.kind === 'delete');

/** The write calls of READ_AHEAD_ROUTES: each reads beside the check, then writes. */
const WRITES: Record<string, { method: string; path: string; status: number; body: (account: Account) => Promise<unknown> }> = {
  'POST /api/progress': {
    method: 'POST',
    path: '/api/progress',
    status: 201,
    body: async (a) => ({ moduleId: 1, completedLessons: [a.firstLesson] }),
  },
  'PATCH /api/progress/[id]': {
    method: 'PATCH',
    path: '/api/progress/1',
    status: 200,
    body: async (a) => ({ completedLessons: [a.firstLesson] }),
  },
  'PATCH /api/modules/[id]': {
    method: 'PATCH',
    path: '/api/modules/1',
    status: 200,
    body: async () => ({ status: 'in_progress' }),
  },
  'POST /api/daily-challenge/complete': {
    method: 'POST',
    path: '/api/daily-challenge/complete',
    status: 200,
    body: async (a) => {
      const challenge = (await (await app.client().request('GET', '/api/daily-challenge', { headers: { Cookie: a.cookie } })).json()) as {
        id: string;
        options: Array<{ id: string }>;
      };
      return { questionId: challenge.id, answerId: challenge.options[0]!.id };
    },
  },
};

type Account = Awaited<ReturnType<typeof newAccount>>;

describe('READ_AHEAD_ROUTES', () => {
  it('names existing routes and methods, each with a request here', () => {
    const routes = new Map(siteRoutes().map((route) => [route.pattern, route]));
    for (const entry of READ_AHEAD_ROUTES) {
      const [method, pattern] = entry.split(' ') as [string, string];
      expect(routes.get(pattern)?.methods, entry).toContain(method);
      if (method === 'GET') expect([...Object.keys(pathsOf(101)), ...TEAM_ROUTES], entry).toContain(pattern);
      else expect(Object.keys(WRITES), entry).toContain(entry);
    }
  });
});

describe('with a live session', () => {
  it.each(GET_ROUTES)('GET %s starts its reads beside the session check, in the same round trip', async (pattern) => {
    const account = await newAccount();
    const path = pathsOf(account.firstLesson)[pattern]!;
    await app.client().request('GET', path, { headers: { Cookie: account.cookie } }); // the route's code loaded
    const measured = await app.measure(app.client(), 'GET', path, { headers: { Cookie: account.cookie } });
    expect(measured.status, measured.body.slice(0, 300)).toBe(200);
    const { sessionEnd, firstReadStart } = sessionAndFirstRead(measured);
    expect(firstReadStart).toBeLessThan(sessionEnd);
    if (!pattern.startsWith('/api/')) expect(measured.body).toContain(account.name);
  });

  it.each(Object.keys(WRITES))('%s reads beside the session check and writes only after it', async (entry) => {
    const write = WRITES[entry]!;
    const account = await newAccount();
    const measured = await app.measure(app.client(), write.method, write.path, {
      headers: { Cookie: account.cookie },
      body: await write.body(account),
    });
    expect(measured.status, measured.body.slice(0, 300)).toBe(write.status);
    const { sessionEnd, firstReadStart } = sessionAndFirstRead(measured);
    expect(firstReadStart).toBeLessThan(sessionEnd);
    const writes = writesOf(measured);
    expect(writes.length).toBeGreaterThan(0);
    for (const operation of writes) expect(operation.start, operation.key).toBeGreaterThanOrEqual(sessionEnd);
  });

  it('a route not in the list (an answer to review) still reads after the check', async () => {
    const account = await newAccount();
    const measured = await app.measure(app.client(), 'POST', '/api/review', {
      headers: { Cookie: account.cookie },
      body: { questionId: '1:q1', answerId: 'a' },
    });
    expect(measured.status, measured.body).toBe(400);
    const { sessionEnd, firstReadStart } = sessionAndFirstRead(measured);
    expect(firstReadStart).toBeGreaterThanOrEqual(sessionEnd);
    const page = await app.measure(app.client(), 'GET', '/company-overview', { headers: { Cookie: account.cookie } });
    expect(page.status).toBe(200);
    expect(page.summary.sequential).toBe(1);
  });

  it.each(TEAM_ROUTES)("GET %s reads the team's rollup and user listing beside an administrator's session check", async (pattern) => {
    const member = await newAccount();
    const cookie = await adminCookie();
    await app.client().request('GET', pattern, { headers: { Cookie: cookie } }); // the route's code loaded
    const measured = await app.measure(app.client(), 'GET', pattern, { headers: { Cookie: cookie } });
    expect(measured.status, measured.body.slice(0, 300)).toBe(200);
    const sessionRead = measured.operations.filter((o) => o.key.startsWith('sessions/'));
    expect(sessionRead).toHaveLength(1);
    const sessionEnd = sessionRead[0]!.end;
    const early = measured.operations.filter((o) => o.key === 'team-progress/rollup' || (o.kind === 'list' && o.key === 'users/'));
    expect(early.map((o) => o.key).sort()).toEqual(['team-progress/rollup', 'users/']);
    for (const operation of early) expect(operation.start, operation.key).toBeLessThan(sessionEnd);
    expect(measured.summary.sequential).toBe(2);
    if (pattern !== '/api/team-progress/knowledge') expect(measured.body).toContain(member.name);
  });

  it.each(TEAM_ROUTES)('GET %s answers a learner 403 without any team figure, and saves nothing', async (pattern) => {
    const member = await newAccount();
    const account = await newAccount();
    await app.client().request('GET', pattern, { headers: { Cookie: account.cookie } }); // the route's code loaded
    const rollupBefore = await listBlobs('team-progress/');
    const measured = await app.measure(app.client(), 'GET', pattern, { headers: { Cookie: account.cookie } });
    expect(measured.status).toBe(403);
    expect(measured.body).not.toContain(member.name);
    if (pattern.startsWith('/api/')) {
      expect(JSON.parse(measured.body)).toEqual({ message: ACCESS_DENIED_DESCRIPTION });
    } else {
      expect(measured.body).toContain('Restricted Access');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    await backgroundWorkDone();
    expect(writesOf(measured)).toEqual([]);
    expect(await listBlobs('team-progress/'), 'no rollup refreshed or saved for a learner, not even later').toEqual(rollupBefore);
  });
});

describe('with a session that has ended', () => {
  it.each(GET_ROUTES)(
    'GET %s answers as signed out (the sign-in redirect, or 401), shows nothing of the user and writes nothing',
    async (pattern) => {
      const account = await newAccount();
      const path = pathsOf(account.firstLesson)[pattern]!;
      const logout = await app.client().request('POST', '/api/logout', { headers: { Cookie: account.cookie } });
      expect(logout.status).toBe(200);
      const replayed = await app.measure(app.client(), 'GET', path, { headers: { Cookie: account.cookie } });
      expectSignedOut(pattern, replayed);
      expect(replayed.body).not.toContain(account.name);
      expect(writesOf(replayed), 'no write, not even in the background').toEqual([]);
    },
  );

  it.each(TEAM_ROUTES)("GET %s answers an ended administrator's session as signed out and saves nothing", async (pattern) => {
    const cookie = await adminCookie();
    await app.client().request('POST', '/api/logout', { headers: { Cookie: cookie } });
    const rollupBefore = await listBlobs('team-progress/');
    const replayed = await app.measure(app.client(), 'GET', pattern, { headers: { Cookie: cookie } });
    expectSignedOut(pattern, replayed);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await backgroundWorkDone();
    expect(writesOf(replayed)).toEqual([]);
    expect(await listBlobs('team-progress/'), 'no rollup refreshed or saved, not even later').toEqual(rollupBefore);
  });

  it.each(Object.keys(WRITES))('%s answers 401 and writes nothing, not even later', async (entry) => {
    const write = WRITES[entry]!;
    const account = await newAccount();
    const body = await write.body(account);
    await app.client().request('POST', '/api/logout', { headers: { Cookie: account.cookie } });
    const replayed = await app.measure(app.client(), write.method, write.path, { headers: { Cookie: account.cookie }, body });
    expect(replayed.status).toBe(401);
    expect(JSON.parse(replayed.body)).toEqual({ message: 'Not signed in' });
    expect(writesOf(replayed)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await backgroundWorkDone();
    for (const folder of ['lesson-completions', 'progress-records', 'module-status', 'challenge-answers', 'review-answers']) {
      expect(await listKeys(`${folder}/${account.id}/`), folder).toEqual([]);
    }
  });

  it('its reads are dropped without a write, even when they finish after the answer', async () => {
    // The control: a first dashboard load saves the review snapshot after the answer.
    const live = await newAccount();
    const first = await app.measure(app.client(), 'GET', '/', { headers: { Cookie: live.cookie } });
    expect(first.operations.filter((o) => o.background && o.kind === 'set').map((o) => o.key)).toEqual([`review-snapshots/${live.id}`]);

    const ended = await newAccount();
    await app.client().request('POST', '/api/logout', { headers: { Cookie: ended.cookie } });
    const replayed = await app.measure(app.client(), 'GET', '/', { headers: { Cookie: ended.cookie } });
    expect(replayed.status).toBe(302);
    expect(replayed.operations.filter((o) => !isSessionCheck(o.key)).length, 'the reads did go out').toBeGreaterThan(0);
    // Dropped reads may still be running after the answer: give them time, then any work they started.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await backgroundWorkDone();
    expect(await listKeys(`review-snapshots/${ended.id}`)).toEqual([]);
    expect(await listKeys(`review-snapshots/${live.id}`)).toEqual([`review-snapshots/${live.id}`]);
  });
});
