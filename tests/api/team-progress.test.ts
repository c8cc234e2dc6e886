// POST /api/track-visit and GET /api/team-progress (docs/product.md "Visit tracking", "Team Progress (/team-progress)";
// docs/decisions.md "Team progress", "Visits", "The API"): validation, access, the figures of a scripted history, rebuilt rollups,
// concurrency.
import { teamProgressResponseSchema } from '~/shared/api/team';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamProgressRow as Row } from '~/shared/team/figures';
import { DEMO_ADMIN, DEMO_USER } from '~/server/demo-accounts';
import { signIn, signUp, startApp, storedMember, type ApiClient, type TestApp, messageOf, expectJson } from './harness';

const ACCESS_DENIED = 'The Team Progress dashboard is only accessible to administrators.';
const PASSWORD = 'correct-horse-battery'; // harness signUp's password
/** startApp runs in process unless API_BASE_URL is set; known before beforeAll, for skipIf. */
const IN_PROCESS = !process.env['API_BASE_URL'];

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startApp();
  admin = await signIn(app, DEMO_ADMIN);
});
afterAll(() => app.stop());

const visit = (overrides: Record<string, unknown> = {}) => ({
  userId: 1,
  pagePath: '/company-overview',
  tabId: null,
  timeSpent: null,
  exitPage: null,
  visitDate: new Date().toISOString(),
  ...overrides,
});

async function teamRows(): Promise<Row[]> {
  return expectJson(await admin.get('/api/team-progress'), 200, teamProgressResponseSchema);
}

async function rowOf(id: string): Promise<Row> {
  const row = (await teamRows()).find((r) => r.id === id);
  if (!row) throw new Error(`no team row for ${id}`);
  return row;
}

async function track(client: ApiClient, body: unknown): Promise<void> {
  const response = await client.post('/api/track-visit', body);
  expect(response.status, await response.clone().text()).toBe(204);
}

describe('POST /api/track-visit validation', () => {
  let client: ApiClient;
  beforeAll(async () => {
    client = (await signUp(app, 'Validation Learner')).client;
  });

  it.each([
    ['pagePath missing', visit({ pagePath: undefined }), 'pagePath'],
    ['pagePath protocol-relative', visit({ pagePath: '//evil.example/phish' }), 'pagePath'],
    ['pagePath absolute URL', visit({ pagePath: 'https://evil.example/' }), 'pagePath'],
    ['pagePath over 512 characters', visit({ pagePath: `/${'a'.repeat(512)}` }), 'pagePath'],
    ['tabId over 64 characters', visit({ tabId: 't'.repeat(65) }), 'tabId'],
    ['exitPage not navigation', visit({ exitPage: 'closed' }), 'exitPage'],
    ['visitDate not a date-time', visit({ visitDate: 'today' }), 'visitDate'],
    ['timeSpent not null', visit({ timeSpent: 12 }), 'timeSpent'],
  ])('%s → 400 naming the field', async (_case, body, field) => {
    const response = await client.post('/api/track-visit', body);
    expect(await messageOf(response, 400)).toContain(field);
  });

  it('malformed JSON → 400', async () => {
    const response = await client.request('POST', '/api/track-visit', {
      rawBody: '{"pagePath": "/',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(await messageOf(response, 400)).toMatch(/JSON/);
  });

  it('accepts the largest valid values', async () => {
    const longest = `/company-overview${'/'.repeat(512 - '/company-overview'.length)}`; // trailing slashes are ignored
    expect(longest).toHaveLength(512);
    await track(client, visit({ pagePath: longest, tabId: 't'.repeat(64), exitPage: 'navigation' }));
  });

  it('refuses a cross-site beacon (Origin check)', async () => {
    const response = await client.request('POST', '/api/track-visit', { body: visit(), headers: { Origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });
});

describe('access', () => {
  it('answers 401 signed out', async () => {
    expect((await app.request('GET', '/api/team-progress')).status).toBe(401);
    expect((await app.request('POST', '/api/track-visit', { body: visit() })).status).toBe(401);
  });

  it('answers 403 with a message to a non-administrator', async () => {
    const user = await signIn(app, DEMO_USER);
    const response = await user.get('/api/team-progress');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: ACCESS_DENIED });
  });

  it('answers the spec rows to an administrator, with the time they were computed', async () => {
    const before = Date.now();
    const response = await admin.get('/api/team-progress');
    expect(response.status).toBe(200);
    const generatedAt = Date.parse(response.headers.get('x-generated-at') ?? '');
    expect(generatedAt).toBeGreaterThanOrEqual(before - 1000);
    const rows = (await response.json()) as Row[];
    expect(rows.map((r) => r.username)).toEqual(expect.arrayContaining([DEMO_ADMIN.username, DEMO_USER.username]));
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(
        [
          'dailyChallenges',
          'id',
          'lastActive',
          'loginCount',
          'mastery',
          'name',
          'pagesVisited',
          'progress',
          'quizzesCompleted',
          'username',
          'program',
          'planDay',
          'planDone',
          'planRequired',
          'overdueItems',
          'planStatus',
        ].sort(),
      );
      expect(row.lastActive === 'null' || !Number.isNaN(Date.parse(row.lastActive))).toBe(true);
    }
  });
});

describe('figures of a scripted history', () => {
  it('counts exactly as docs/product.md "Team Progress (/team-progress)" defines them, and a body userId is ignored', async () => {
    // Total lessons of all modules, from the content as the API serves it.
    let totalLessons = 0;
    for (let id = 1; id <= 50; id++) {
      const response = await admin.get(`/api/modules/${id}`);
      if (response.status === 404) continue;
      expect(response.status).toBe(200);
      totalLessons += ((await response.json()) as { lessonCount: number }).lessonCount;
    }
    expect(totalLessons).toBeGreaterThan(0);

    const ana = await signUp(app, 'Ana Scripted'); // registration signs in: login 1
    const ben = await signUp(app, 'Ben Scripted'); // login 1
    const cat = await signUp(app, 'Cat Scripted'); // login 1, nothing else

    // Ana: 3 page entries, 2 tab changes, 2 exits (only the entries are pages visited).
    await track(ana.client, visit({ pagePath: '/' }));
    await track(ana.client, visit({ pagePath: '/company-overview' }));
    await track(ana.client, visit({ pagePath: '/company-overview', tabId: 'team' }));
    await track(ana.client, visit({ pagePath: '/company-overview', tabId: 'history' }));
    await track(ana.client, visit({ pagePath: '/company-overview', exitPage: 'navigation' }));
    await track(ana.client, visit({ pagePath: '/product' }));
    await track(ana.client, visit({ pagePath: '/product', exitPage: 'navigation' }));
    // Two more successful sign-ins and one failed one (not counted).
    expect((await app.client().login(ana.user.username, PASSWORD)).status).toBe(200);
    expect((await app.client().login(ana.user.username, PASSWORD)).status).toBe(200);
    expect((await app.client().login(ana.user.username, 'wrong-password')).status).toBe(401);
    // Two lessons of module 1.
    const module1 = (await (await ana.client.get('/api/modules/1')).json()) as { content: Array<{ id: number }> };
    const lessonIds = module1.content.slice(0, 2).map((l) => l.id);
    expect(
      (
        await ana.client.post('/api/progress', {
          userId: 1,
          moduleId: 1,
          status: 'in_progress',
          completedLessons: lessonIds,
          lastActivity: new Date().toISOString(),
          timeSpent: 0,
        })
      ).status,
    ).toBeLessThan(300);
    // The daily challenge, answered twice in one window: counts once.
    const challenge = (await (await ana.client.get('/api/daily-challenge')).json()) as { id: string; options: Array<{ id: string }> };
    for (let i = 0; i < 2; i++) {
      const response = await ana.client.post('/api/daily-challenge/complete', {
        questionId: challenge.id,
        answerId: challenge.options[0]!.id,
      });
      expect(response.status).toBe(200);
    }
    // Quiz results: quiz A twice, quiz B once → 2 distinct quizzes. The last one is her latest event.
    const quizzes = (await (await ana.client.get('/api/quizzes')).json()) as Array<{ id: number }>;
    const [quizA, quizB] = quizzes;
    let lastCompletedAt = '';
    for (const quiz of [quizA!, quizA!, quizB!]) {
      const response = await ana.client.post('/api/quiz-results', { userId: 1, quizId: quiz.id, answers: [] });
      expect(response.status).toBe(201);
      lastCompletedAt = ((await response.json()) as { completedAt: string }).completedAt;
    }

    // Ben: one page entry sent with Ana's id in the body; it is his.
    await track(ben.client, visit({ userId: ana.user.id, pagePath: '/resources' }));

    const rows = await teamRows();
    const byId = (id: string) => rows.find((r) => r.id === id);
    expect(byId(ana.user.id)).toEqual({
      id: ana.user.id,
      username: ana.user.username,
      name: 'Ana Scripted',
      progress: Math.round((100 * 2) / totalLessons),
      mastery: 0, // one challenge answer: recall three weeks on is far under 90 %
      pagesVisited: 3,
      quizzesCompleted: 2,
      dailyChallenges: 1,
      loginCount: 3,
      lastActive: lastCompletedAt,
      program: null,
      planDay: null,
      planDone: 0,
      planRequired: 0,
      overdueItems: 0,
      planStatus: 'none',
    });
    expect(byId(ben.user.id)).toMatchObject({ progress: 0, pagesVisited: 1, quizzesCompleted: 0, dailyChallenges: 0, loginCount: 1 });
    const catRow = byId(cat.user.id)!;
    expect(catRow).toMatchObject({ pagesVisited: 0, quizzesCompleted: 0, dailyChallenges: 0, loginCount: 1 });
    expect(Date.parse(catRow.lastActive)).toBeGreaterThan(Date.now() - 5 * 60_000);

    // Reading again changes nothing (the rollups fold each event once).
    expect((await teamRows()).find((r) => r.id === ana.user.id)).toEqual(byId(ana.user.id));
  });

  it('counts every one of many concurrent visits to different pages', async () => {
    const { client, user } = await signUp(app, 'Concurrent Learner');
    const modules: Array<{ id: number; content: Array<{ id: number }> }> = [];
    for (let id = 1; id <= 30; id++) {
      const response = await client.get(`/api/modules/${id}`);
      if (response.status === 200) modules.push((await response.json()) as { id: number; content: Array<{ id: number }> });
    }
    const lessonPaths = modules.flatMap((module) => module.content.map((lesson) => `/modules/${module.id}/lessons/${lesson.id}`));
    const paths = [...modules.map((module) => `/modules/${module.id}`), ...lessonPaths].slice(0, 100);
    expect(paths.length).toBeGreaterThan(40);
    const responses = await Promise.all(paths.map((pagePath) => client.post('/api/track-visit', visit({ pagePath }))));
    expect(responses.map((r) => r.status)).toEqual(paths.map(() => 204));
    expect((await rowOf(user.id)).pagesVisited).toBe(paths.length);
  }, 240_000); // a generous limit for slow dev servers; nothing here is timed // a generous limit for slow dev servers; nothing here is timed
});

describe('rollups (in process: needs the storage module and the service)', () => {
  it.skipIf(!IN_PROCESS)('rebuilt from the events, the rollups give the same rows; a user with no events is "null"', async () => {
    const { teamRollup } = await import('~/server/team/storage/team-rollup');
    const service = await import('~/server/team/team-rollup');
    const fold = await import('~/server/team/team-rollup-fold');
    const { backgroundWorkDone } = await import('~/server/background');
    const idle = await storedMember('Idle Member', `idle-${crypto.randomUUID().slice(0, 8)}@parcelwise.example`);
    const { user, client } = await signUp(app, 'Rebuild Learner');
    await track(client, visit());
    await track(client, visit({ tabId: 'team' }));

    const before = await teamRows();
    await backgroundWorkDone(); // the load's rollup save, made after its answer
    expect(before.find((r) => r.id === idle)).toMatchObject({ pagesVisited: 0, loginCount: 0, lastActive: 'null' });
    expect(before.find((r) => r.id === user.id)).toMatchObject({ pagesVisited: 1, loginCount: 1 });

    // Corrupt one cache on purpose: a rebuild must restore the figures from the events alone.
    const stored = await teamRollup.get(fold.teamRollupSchema);
    expect(stored).not.toBeNull();
    await teamRollup.save(fold.teamRollupSchema, {
      ...stored!,
      members: { ...stored!.members, [user.id]: { ...fold.emptyFigures(), pagesVisited: 999 } },
    });
    // The cache is what is read (the user's recent events are shown on top of it).
    expect((await teamRows()).find((r) => r.id === user.id)?.pagesVisited).toBeGreaterThanOrEqual(999);
    await backgroundWorkDone();
    const result = await service.rebuildRollups();
    expect(result.users).toBe(before.length);
    expect(await teamRows()).toEqual(before);
  });
});
