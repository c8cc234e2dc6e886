/**
 * `npm run bench:latency`: what each route and API call costs, per request (docs/benchmarks.md). The
 * built server function runs in process (the Netlify emulators add 200–800 ms per call) over a local
 * Blobs server in latency mode (default 40 ms per get, 60 ms per set, delete and list page, ±25 %), signed
 * in with the examples of tools/route-examples.ts. Per example, over `--runs` requests sent one at a
 * time: the Blobs operations the answer waited for, the longest chain of them one after the other, what
 * ran in the background, TTFB p50/p95 and the function's CPU time (median), against the targets: at most
 * 2 sequential round trips for a read and 3 for a write, TTFB p95 ≤ 150 ms for a page or GET call and
 * ≤ 250 ms for a write (sign-in, registration and a password change apart: their hash is deliberate), CPU ≤ 25 ms.
 * The same requests over `--clients` concurrent clients are shown for information (that measures CPU
 * queueing on this machine; on Netlify each request has a function instance of its own).
 * The round-trip budget itself is enforced by tests/api/round-trips.test.ts (counts, not times).
 *
 *   npm run build && npm run bench:latency -- [--runs 50] [--clients 20] [--latency on|off|get=40,...]
 *     [--only /quizzes] [--handler path/to/another/build/ssr.mjs] [--write docs/benchmarks.md]
 */
import { parseArgs } from 'node:util';
import { percentile, pool, writeSection } from '~tools/bench-stats';
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
    /** A Markdown file whose `<!-- bench:latency -->` section gets the table. */
    write: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const CLIENTS = Number(values.clients);
const LATENCY = parseLatency(values.latency);
const READ_TARGET_MS = 150;
const WRITE_TARGET_MS = 250;
const CPU_TARGET_MS = 25;
/** Deliberately slow: a password hash (scrypt) per request. */
const HASHED = new Set(['POST /api/login', 'POST /api/register', 'POST /auth', 'POST /api/password']);

/** A count over the runs: the usual value, and the largest (a first load, a cache being filled). */
interface Count {
  p50: number;
  max: number;
}

interface Row {
  name: string;
  isRead: boolean;
  hashed: boolean;
  operations: Count;
  sequential: Count;
  background: Count;
  serial: { p50: number; p95: number };
  cpuMs: number;
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
    console.error(`Routes without an example in tools/route-examples.ts: ${missing.join(', ') || 'none'}`);
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
        `  ${row.name}: ${showCount(row.operations)} ops, ${showCount(row.sequential)} sequential, p95 ${ms(row.serial.p95)} ms, CPU ${row.cpuMs.toFixed(1)} ms`,
      );
    }
    await report(rows);
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
    isRead: example.method === 'GET',
    hashed: HASHED.has(example.route),
    operations: count(all.map((measured) => measured.summary.operations)),
    sequential: count(all.map((measured) => measured.summary.sequential)),
    background: count(all.map((measured) => measured.summary.background)),
    serial: { p50: percentile(ttfb(serial), 0.5), p95: percentile(ttfb(serial), 0.95) },
    cpuMs: percentile(
      serial.map((measured) => measured.cpuMs),
      0.5,
    ),
    concurrent: { p50: percentile(ttfb(concurrent), 0.5), p95: percentile(ttfb(concurrent), 0.95) },
    wrongStatus: all.filter((measured) => measured.status !== example.status).length,
  };
}

/** What a row misses of its targets ('' when it meets them all). */
function misses(row: Row): string[] {
  const missed: string[] = [];
  if (row.sequential.max > (row.isRead ? 2 : 3)) missed.push(`${row.sequential.max} sequential`);
  if (!row.hashed && row.serial.p95 > (row.isRead ? READ_TARGET_MS : WRITE_TARGET_MS)) missed.push('TTFB');
  if (!row.hashed && row.cpuMs > CPU_TARGET_MS) missed.push('CPU');
  return missed;
}

function table(rows: readonly Row[]): string {
  const lines = [
    `| route | Blobs ops | sequential | in background | TTFB p50 / p95 | CPU median | targets | TTFB p50 / p95 at ${CLIENTS} clients (information) |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const target = row.hashed ? 'hash apart' : `≤ ${row.isRead ? READ_TARGET_MS : WRITE_TARGET_MS} ms`;
    const missed = misses(row);
    const verdict = missed.length === 0 ? `${target}: met` : `${target}: **missed** (${missed.join(', ')})`;
    const status = row.wrongStatus > 0 ? ` (${row.wrongStatus} unexpected statuses)` : '';
    lines.push(
      `| \`${row.name}\`${status} | ${showCount(row.operations)} | ${showCount(row.sequential)} | ${showCount(row.background)} | ${ms(row.serial.p50)} / ${ms(row.serial.p95)} ms | ${row.cpuMs.toFixed(1)} ms | ${verdict} | ${ms(row.concurrent.p50)} / ${ms(row.concurrent.p95)} ms |`,
    );
  }
  const missed = rows.filter((row) => misses(row).length > 0);
  lines.push('', `Rows that miss a target: ${missed.map((row) => row.name).join(', ') || 'none'}.`);
  if (rows.some((row) => row.wrongStatus > 0)) lines.push('Some answers had an unexpected status: see the rows marked above.');
  return lines.join('\n');
}

async function report(rows: readonly Row[]): Promise<void> {
  const text = table(rows);
  console.log(`\n${text}`);
  if (values.write) {
    const latency = LATENCY
      ? `${LATENCY.get}/${LATENCY.set}/${LATENCY.list} ms get/set/list, ±${Math.round(LATENCY.jitter * 100)} %`
      : 'off';
    const heading = `Run of ${new Date().toISOString().slice(0, 10)}: ${RUNS} requests per example one at a time, Blobs latency ${latency}.`;
    await writeSection(values.write, 'bench:latency', `${heading}\n\n${text}`);
    console.log(`Written to ${values.write}.`);
  }
}

await main();
