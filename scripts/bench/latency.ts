/**
 * `npm run bench:latency`: the cost of Blobs round trips per route and API call (docs/decisions.md "Blobs round trips"). The built
 * server function runs in process (the Netlify emulators add 200–800 ms per call) over a local Blobs
 * server in latency mode (default 40 ms per get, 60 ms per set, delete and list page, ±25 %), signed in
 * with the examples of tests/support/route-examples.ts. Per example it prints the Blobs operations the
 * answer waited for, the longest chain of them one after the other, what ran in the background, and
 * the time to first byte over `--runs` requests one at a time and spread over `--clients` concurrent
 * clients (after one untimed request), against the targets (p95 ≤ 250 ms for a page, ≤ 200 ms for an
 * API call, at 20 clients).
 * It prints figures; the budget itself is enforced by tests/api/round-trips.test.ts (counts, not times).
 * It stops with an error when a route has no example.
 *
 *   npm run build && npm run bench:latency -- [--runs 50] [--clients 20] [--latency on|off|get=40,set=60,list=60,jitter=25%]
 *     [--only /quizzes] [--handler path/to/another/build/ssr.mjs]
 */
import { parseArgs } from 'node:util';
import { parseLatency } from '~tools/local-blobs/latency';
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
import { startTracedApp, type Client, type Measured } from '~tools/traced-app';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '50' },
    clients: { type: 'string', default: '20' },
    latency: { type: 'string', default: process.env['BLOBS_LATENCY'] ?? 'on' },
    only: { type: 'string' },
    /** Another build's server function (e.g. a copy of an older .netlify/v1/functions/ssr/ssr.mjs) to compare. */
    handler: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const CLIENTS = Number(values.clients);
const LATENCY = parseLatency(values.latency);
const PAGE_TARGET_MS = 250;
const API_TARGET_MS = 200;

function percentile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!);
      }
    }),
  );
  return results;
}

/** A count over the runs: the usual value, and the largest (a first load, a cache being filled). */
interface Count {
  p50: number;
  max: number;
}

interface Row {
  name: string;
  isApi: boolean;
  operations: Count;
  sequential: Count;
  background: Count;
  serial: { p50: number; p95: number };
  concurrent: { p50: number; p95: number };
  wrongStatus: number;
}

const ms = (value: number) => `${Math.round(value)}`;

async function main(): Promise<void> {
  const routes = siteRoutes();
  const { missing, unknown } = exampleCoverage(
    routes,
    ROUTE_EXAMPLES.map((example) => example.route),
  );
  if (missing.length > 0 || unknown.length > 0) {
    console.error(`Routes without an example in tests/support/route-examples.ts: ${missing.join(', ') || 'none'}`);
    console.error(`Examples of routes that do not exist: ${unknown.join(', ') || 'none'}`);
    process.exit(1);
  }
  const latencyText = LATENCY
    ? `${LATENCY.get} ms per get, ${LATENCY.set} ms per set/delete, ${LATENCY.list} ms per list page, ±${Math.round(LATENCY.jitter * 100)} %`
    : 'off';
  console.log(`Blobs latency: ${latencyText}. ${RUNS} requests per example, one at a time, then over ${CLIENTS} concurrent clients.`);
  const app = await startTracedApp({
    latency: LATENCY,
    siteID: 'bench-latency',
    ...(values.handler ? { handlerPath: values.handler } : {}),
  });
  try {
    const prepared = await prepareExamples(app, CLIENTS);
    const clientFor = clientsFor(app, prepared, CLIENTS);
    const examples = ROUTE_EXAMPLES.filter((example) => !values.only || example.route.includes(values.only));
    const rows: Row[] = [];
    let run = 0;
    for (const example of examples) {
      const prepare = async () => {
        const client = await clientFor(example, run);
        const context: ExampleContext = { ...prepared, run: run++, client };
        return { client, request: await requestOf(example, context) };
      };
      const send = ({ client, request }: { client: Client; request: Awaited<ReturnType<typeof requestOf>> }): Promise<Measured> =>
        app.measure(client, example.method, request.path, request);
      // One untimed request first: code paths warmed up, and caches a first request fills (the team
      // rollup after the many accounts the other examples register) filled, as the scheduled refresh
      // keeps them on a live site. First requests are what tests/api/round-trips.test.ts checks.
      await send(await prepare());
      const serialRequests = [];
      for (let i = 0; i < RUNS; i++) serialRequests.push(await prepare());
      const serial: Measured[] = [];
      for (const request of serialRequests) serial.push(await send(request));
      const concurrentRequests = [];
      for (let i = 0; i < RUNS; i++) concurrentRequests.push(await prepare());
      const concurrent = await pool(concurrentRequests, CLIENTS, send);
      rows.push(summarizeExample(example, serial, concurrent));
      const row = rows.at(-1)!;
      console.error(
        `  ${row.name}: ${showCount(row.operations)} ops, ${showCount(row.sequential)} sequential, p95 ${ms(row.concurrent.p95)} ms at ${CLIENTS} clients`,
      );
    }
    printTable(rows);
  } finally {
    await app.stop();
  }
}

const count = (values: readonly number[]): Count => ({ p50: percentile(values, 0.5), max: Math.max(...values) });
const showCount = ({ p50, max }: Count) => (p50 === max ? `${p50}` : `${p50} (max ${max})`);

function summarizeExample(example: RouteExample, serial: Measured[], concurrent: Measured[]): Row {
  const all = [...serial, ...concurrent];
  const ttfb = (list: Measured[]) => list.map((measured) => measured.ttfbMs);
  return {
    name: exampleName(example),
    isApi: example.route.split(' ')[1]!.startsWith('/api'),
    operations: count(all.map((measured) => measured.summary.operations)),
    sequential: count(all.map((measured) => measured.summary.sequential)),
    background: count(all.map((measured) => measured.summary.background)),
    serial: { p50: percentile(ttfb(serial), 0.5), p95: percentile(ttfb(serial), 0.95) },
    concurrent: { p50: percentile(ttfb(concurrent), 0.5), p95: percentile(ttfb(concurrent), 0.95) },
    wrongStatus: all.filter((measured) => measured.status !== example.status).length,
  };
}

function printTable(rows: readonly Row[]): void {
  console.log('');
  console.log(
    `| route | Blobs ops | sequential | in background | TTFB p50 / p95, 1 client | TTFB p50 / p95, ${CLIENTS} clients | target (p95 at ${CLIENTS}) |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const target = row.isApi ? API_TARGET_MS : PAGE_TARGET_MS;
    const met = row.concurrent.p95 <= target ? `≤ ${target} ms: met` : `≤ ${target} ms: **missed**`;
    const status = row.wrongStatus > 0 ? ` (${row.wrongStatus} unexpected statuses)` : '';
    console.log(
      `| \`${row.name}\`${status} | ${showCount(row.operations)} | ${showCount(row.sequential)} | ${showCount(row.background)} | ${ms(row.serial.p50)} / ${ms(row.serial.p95)} ms | ${ms(row.concurrent.p50)} / ${ms(row.concurrent.p95)} ms | ${met} |`,
    );
  }
  const missed = rows.filter((row) => row.concurrent.p95 > (row.isApi ? API_TARGET_MS : PAGE_TARGET_MS));
  const overBudget = rows.filter((row) => row.sequential.max > 3);
  console.log('');
  console.log(`Over the budget of 3 sequential round trips: ${overBudget.map((row) => row.name).join(', ') || 'none'}.`);
  console.log(`TTFB target missed at ${CLIENTS} clients: ${missed.map((row) => row.name).join(', ') || 'none'}.`);
  if (rows.some((row) => row.wrongStatus > 0)) console.log('Some answers had an unexpected status: see the rows marked above.');
}

await main();
