// The Blobs round-trip budget (docs/decisions.md "Blobs round trips"), counted, never timed: every page
// and GET call, signed in, waits for at most 2 Blobs operations one after the other, every write for at
// most 3; the session check costs at most one; a GET never waits for a write. The routes come from the files in
// src/pages/, so a new route without an example in tests/support/route-examples.ts fails here.
// The built server function runs in process over a local Blobs server that holds every request 10 ms,
// so operations that run together visibly overlap.
import { randomUUID } from 'node:crypto';
import { DEMO_USER } from '~/server/demo-accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleCoverage, siteRoutes } from '~tools/page-routes';
import {
  clientsFor,
  exampleName,
  prepareExamples,
  requestOf,
  ROUTE_EXAMPLES,
  type ExampleContext,
  type RouteExample,
} from '~tools/route-examples';
import { startTracedApp, type Measured, type TracedApp } from '~tools/traced-app';

/** Sequential round trips a read (GET) may wait for, and a write. */
const MAX_SEQUENTIAL_READ = 2;
const MAX_SEQUENTIAL = 3;
/** Each example is sent this many times (a write's first and later repetitions can differ). */
const REPEATS = 3;

let app: TracedApp;
let prepared: Awaited<ReturnType<typeof prepareExamples>>;
let clientFor: ReturnType<typeof clientsFor>;
let run = 0;

beforeAll(async () => {
  app = await startTracedApp({ latency: { get: 10, set: 10, list: 10, jitter: 0 } });
  prepared = await prepareExamples(app);
  clientFor = clientsFor(app, prepared);
}, 240_000);
afterAll(() => app?.stop());

async function send(example: RouteExample): Promise<Measured> {
  const client = await clientFor(example, run);
  const context: ExampleContext = { ...prepared, run: run++, client };
  const request = await requestOf(example, context);
  return app.measure(client, example.method, request.path, request);
}

/**
 * Load on the machine can only make operations that ran together look sequential (one issued late, after
 * another had ended), never the reverse; so a request measured over its count is measured again, up to
 * ATTEMPTS times, and the fewest sequential round trips seen are the request's.
 */
const ATTEMPTS = 3;
async function fewestSequential(measure: () => Promise<Measured>, most: number): Promise<Measured> {
  let fewest = await measure();
  for (let attempt = 1; attempt < ATTEMPTS && fewest.summary.sequential > most; attempt++) {
    const again = await measure();
    if (again.summary.sequential < fewest.summary.sequential) fewest = again;
  }
  return fewest;
}

/** The operations of a request as a readable timeline, for failure messages. */
function timeline(measured: Measured): string {
  const origin = Math.min(...measured.operations.map((operation) => operation.start));
  return measured.operations
    .map(
      (o) => `${(o.start - origin).toFixed(0)}–${(o.end - origin).toFixed(0)} ms ${o.kind} ${o.key}${o.background ? ' (background)' : ''}`,
    )
    .join('\n');
}

describe('the route table', () => {
  it('has an example for every page and every method of every API route in src/pages/, and none for a route that is gone', () => {
    const routes = siteRoutes();
    expect(routes.length).toBeGreaterThan(30);
    expect(
      exampleCoverage(
        routes,
        ROUTE_EXAMPLES.map((example) => example.route),
      ),
    ).toEqual({ missing: [], unknown: [] });
  });

  it('signs in a different account per concurrent client (the benchmark registers one per client), never the demo learner', async () => {
    expect(prepared.signInAccounts).toHaveLength(1);
    expect(prepared.signInAccounts[0]!.username).not.toBe(DEMO_USER.username);
    expect(prepared.sessionAccount.username).not.toBe(DEMO_USER.username);
    const accounts = ['a', 'b', 'c'].map((name) => ({ username: `${name}@parcelwise.example`, password: 'correct-horse-battery' }));
    for (const route of ['POST /api/login', 'POST /auth']) {
      const example = ROUTE_EXAMPLES.find((candidate) => candidate.route === route)!;
      const signedIn = [];
      for (let repetition = 0; repetition < 4; repetition++) {
        const request = await requestOf(example, { ...prepared, signInAccounts: accounts, run: repetition, client: app.client() });
        signedIn.push(((request.body ?? request.form) as { username: string }).username);
      }
      expect(signedIn, route).toEqual(['a', 'b', 'c', 'a'].map((name) => `${name}@parcelwise.example`));
    }
  });

  it('finds a new route and a new method: the coverage check names what lacks an example', () => {
    const routes = [...siteRoutes(), { pattern: '/new-page', kind: 'page' as const, methods: ['GET'], file: 'src/pages/new-page.astro' }];
    const withDelete = routes.map((route) =>
      route.pattern === '/api/progress/[id]' ? { ...route, methods: [...route.methods, 'DELETE'] } : route,
    );
    const coverage = exampleCoverage(withDelete, [...ROUTE_EXAMPLES.map((example) => example.route), 'GET /api/gone']);
    expect(coverage).toEqual({ missing: ['DELETE /api/progress/[id]', 'GET /new-page'], unknown: ['GET /api/gone'] });
  });
});

describe(`at most ${MAX_SEQUENTIAL_READ} sequential Blobs round trips per read, ${MAX_SEQUENTIAL} per write`, () => {
  it.each(ROUTE_EXAMPLES.map((example) => [exampleName(example), example] as const))('%s', async (_name, example) => {
    const budget = example.method === 'GET' ? MAX_SEQUENTIAL_READ : MAX_SEQUENTIAL;
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      const measured = await fewestSequential(async () => {
        const sent = await send(example);
        expect(sent.status, sent.body.slice(0, 300)).toBe(example.status);
        return sent;
      }, budget);
      expect(measured.summary.sequential, `sequential round trips:\n${timeline(measured)}`).toBeLessThanOrEqual(budget);
      if (example.method === 'GET') {
        const awaitedWrites = measured.operations.filter((o) => !o.background && (o.kind === 'set' || o.kind === 'delete'));
        expect(awaitedWrites, `a GET waited for writes:\n${timeline(measured)}`).toEqual([]);
      }
    }
  });
});

describe('the session check', () => {
  it('costs at most one round trip: GET /api/user, which does nothing else, waits for one', async () => {
    const measured = await fewestSequential(() => app.measure(prepared.learner, 'GET', '/api/user'), 1);
    expect(measured.status).toBe(200);
    expect(measured.summary.sequential, timeline(measured)).toBe(1);
  });

  it('runs once when a page rewrites to another (/industry-knowledge/{id} renders /modules/{id})', async () => {
    const direct = await fewestSequential(() => app.measure(prepared.learner, 'GET', '/modules/2'), MAX_SEQUENTIAL_READ);
    const rewritten = await fewestSequential(
      () => app.measure(prepared.learner, 'GET', '/industry-knowledge/2'),
      direct.summary.sequential,
    );
    expect(rewritten.status).toBe(200);
    expect(rewritten.summary.operations, timeline(rewritten)).toBe(direct.summary.operations);
    expect(rewritten.summary.sequential).toBe(direct.summary.sequential);
  });
});

describe("the dashboard's module statuses", () => {
  const statusOperations = (measured: Measured) =>
    measured.operations
      .filter((o) => o.key.startsWith('module-status/'))
      .map((o) => `${o.kind} ${o.key.replace(/^module-status\/[^/]+/, '…')}`);

  it('are listed, and only a status the page shows (a module without completed lessons) is read', async () => {
    const client = app.client();
    const username = `statuses-${randomUUID().slice(0, 8)}@parcelwise.example`;
    const registered = await client.request('POST', '/api/register', {
      body: { username, password: 'correct-horse-battery', name: 'Statuses' },
    });
    expect(registered.status).toBe(201);
    const none = await app.measure(client, 'GET', '/');
    expect(none.status).toBe(200);
    expect(statusOperations(none), timeline(none)).toEqual(['list …/']);

    // Module 3 gets a status of its own; module 1 one through a completed lesson (which then decides it).
    expect((await client.request('PATCH', '/api/modules/3', { body: { status: 'in_progress' } })).status).toBe(200);
    const lesson = prepared.lessonIds.get(1)![0]!;
    expect((await client.request('PATCH', '/api/progress/1', { body: { completedLessons: [lesson] } })).status).toBe(200);
    const some = await fewestSequential(() => app.measure(client, 'GET', '/'), MAX_SEQUENTIAL_READ);
    expect(statusOperations(some), timeline(some)).toEqual(['list …/', 'get …/3']);
    expect(some.summary.sequential, timeline(some)).toBeLessThanOrEqual(MAX_SEQUENTIAL_READ);
  });
});

describe('registration with an invite code (a deployment with SIGNUP_CODE)', () => {
  const code = 'an-invite-code-for-the-round-trip-test';
  const register = (inviteCode: string) =>
    app.measure(app.client(), 'POST', '/api/register', {
      body: {
        username: `invited-${randomUUID().slice(0, 8)}@parcelwise.example`,
        password: 'correct-horse-battery',
        name: 'Invited',
        inviteCode,
      },
    });

  it('stays within 3 sequential round trips with the right code, and a wrong code is refused after the count', async () => {
    const saved = process.env['SIGNUP_CODE'];
    process.env['SIGNUP_CODE'] = code;
    try {
      const right = await fewestSequential(async () => {
        const registered = await register(code);
        expect(registered.status, registered.body.slice(0, 300)).toBe(201);
        return registered;
      }, MAX_SEQUENTIAL);
      expect(right.summary.sequential, `sequential round trips:\n${timeline(right)}`).toBeLessThanOrEqual(MAX_SEQUENTIAL);
      const wrong = await fewestSequential(async () => {
        const refused = await register(`${code}-not`);
        expect(refused.status).toBe(403);
        return refused;
      }, 2);
      expect(wrong.summary.sequential, timeline(wrong)).toBe(2); // the attempt recorded, then counted
    } finally {
      if (saved === undefined) delete process.env['SIGNUP_CODE'];
      else process.env['SIGNUP_CODE'] = saved;
    }
  });
});

describe('a password change that succeeds (docs/decisions.md "Blobs round trips": the one write allowed four)', () => {
  it('waits for the session check with its reads, the attempt recorded, the attempt counted, then the writes', async () => {
    const changed = await fewestSequential(async () => {
      const client = app.client();
      const account = { username: `changer-${randomUUID().slice(0, 8)}@parcelwise.example`, password: 'correct-horse-battery' };
      expect((await client.request('POST', '/api/register', { body: { ...account, name: 'Changer' } })).status).toBe(201);
      const measured = await app.measure(client, 'POST', '/api/password', {
        body: { currentPassword: account.password, newPassword: 'Lantern-orbit-72-quill' },
      });
      expect(measured.status, measured.body.slice(0, 300)).toBe(204);
      return measured;
    }, MAX_SEQUENTIAL + 1);
    expect(changed.summary.sequential, `sequential round trips:\n${timeline(changed)}`).toBe(MAX_SEQUENTIAL + 1);
  });
});
