// Clear failures (docs/decisions.md "Storage failures"): with the local store in fault mode at a high rate
// and fixed seeds, every route answers as it does without faults, or 503 — an API call with the JSON
// message, a page with the "Temporarily unavailable" page — never a 500, never Astro's error page; and a
// request that never answers is given up after the client's timeout, also as a 503. Every example request
// of tools/route-examples.ts (every page, every API call, every write) is sent with faults on; its set-up
// runs with faults off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientsFor, exampleName, prepareExamples, requestOf, ROUTE_EXAMPLES, type RouteExample } from '~tools/route-examples';
import { parseFaults, type BlobsFaults } from '~tools/local-blobs/faults';
import { withBlobsTimeout } from '~tools/local-blobs/client-timeout';
import { setBlobsFaults } from '~tools/local-blobs/trace';
import { startTracedApp, type Measured, type TracedApp } from '~tools/traced-app';

const UNAVAILABLE = 'Storage is temporarily unavailable. Please try again in a moment.';
/** Each example is sent with these settings: half of all requests fail, from four seeds. */
const SEEDS = [11, 12, 13, 14];
const ERRORS = (seed: number) => parseFaults(`rate=50%,kinds=error,seed=${seed}`)!;

let app: TracedApp;
let prepared: Awaited<ReturnType<typeof prepareExamples>>;
let clientFor: ReturnType<typeof clientsFor>;
let run = 0;

beforeAll(async () => {
  app = await startTracedApp({ siteID: 'faults' });
  prepared = await prepareExamples(app);
  clientFor = clientsFor(app, prepared);
}, 240_000);
afterAll(async () => {
  setBlobsFaults(null);
  await app?.stop();
});

/** Prepares the example with the store working, then sends it with the faults on. */
async function sendWithFaults(example: RouteExample, faults: BlobsFaults, clientTimeoutMs?: number): Promise<Measured> {
  setBlobsFaults(null);
  const client = await clientFor(example, run);
  const request = await requestOf(example, { ...prepared, run: run++, client });
  setBlobsFaults(faults);
  const send = () => app.measure(client, example.method, request.path, request);
  try {
    // A request whose answers never come is given up after `clientTimeoutMs`; its set-up waits as long as the machine needs.
    return await (clientTimeoutMs === undefined ? send() : withBlobsTimeout(clientTimeoutMs, send));
  } finally {
    setBlobsFaults(null);
  }
}

const isApi = (example: RouteExample) => example.route.split(' ')[1]!.startsWith('/api/');

/** What a failing store may make of the example: its own answer, or a clear 503. */
function expectClearAnswer(example: RouteExample, measured: Measured): void {
  const context = `${exampleName(example)} answered ${measured.status}: ${measured.body.slice(0, 300)}`;
  if (measured.status === example.status) return;
  expect(measured.status, context).toBe(503);
  if (isApi(example)) expect(JSON.parse(measured.body), context).toEqual({ message: UNAVAILABLE });
  else expect(measured.body, context).toContain(`<h1>Temporarily unavailable</h1><p>${UNAVAILABLE}</p>`);
}

describe('a failing store answers every route clearly', () => {
  it.each(ROUTE_EXAMPLES.map((example) => [exampleName(example), example] as const))('%s', async (_name, example) => {
    for (const seed of SEEDS) expectClearAnswer(example, await sendWithFaults(example, ERRORS(seed)));
  });

  it('fails some requests at this rate (the faults reach the routes)', async () => {
    const example = ROUTE_EXAMPLES.find((candidate) => candidate.route === 'GET /api/quizzes')!;
    const statuses = [];
    for (const seed of [1, 2, 3, 4, 5, 6])
      statuses.push((await sendWithFaults(example, parseFaults(`rate=90%,kinds=error,seed=${seed}`)!)).status);
    expect(statuses).toContain(503);
  });
});

describe('a store that never answers', () => {
  const SAMPLE = ['GET /api/user', 'GET /team-progress', 'POST /api/quiz-results', 'POST /api/track-visit', 'GET /api/search'];
  it.each(SAMPLE)(
    '%s is given up after the client timeout (1 s here), as a 503',
    async (route) => {
      const example = ROUTE_EXAMPLES.find((candidate) => candidate.route === route && !candidate.label)!;
      const measured = await sendWithFaults(example, parseFaults('rate=100%,kinds=timeout,ops=get+set+list,seed=1')!, 1000);
      expectClearAnswer(example, measured);
      expect(measured.status).toBe(503);
      expect(measured.totalMs).toBeGreaterThan(950);
      expect(measured.totalMs).toBeLessThan(5_000); // never the Blobs client's own retry after 5 s
    },
    20_000,
  );
});

describe('reads started before the account they belong to is read', () => {
  it('fail with it as one 503, none left to reject unheard (the run fails on an unhandled rejection)', async () => {
    const example = ROUTE_EXAMPLES.find((candidate) => candidate.route === 'POST /api/outcomes/csv')!;
    setBlobsFaults(null);
    const client = await clientFor(example, run);
    const request = await requestOf(example, { ...prepared, run: run++, client });
    // The session check passes; from the row's username claim on, every read fails: the person's plan and
    // outcomes, started as soon as the claim names them, and their account record.
    let claimRead = false;
    setBlobsFaults((kind, key) => {
      if (key.startsWith('usernames/')) {
        claimRead = true;
        return null;
      }
      return claimRead && kind !== 'set' ? { kind: 'error', status: 500 } : null;
    });
    try {
      const measured = await app.measure(client, example.method, request.path, request);
      expect(claimRead).toBe(true);
      expect(measured.status, measured.body.slice(0, 300)).toBe(503);
      expect(JSON.parse(measured.body)).toEqual({ message: UNAVAILABLE });
    } finally {
      setBlobsFaults(null);
    }
  });
});
