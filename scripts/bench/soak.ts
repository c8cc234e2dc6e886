/**
 * `npm run bench:soak`: a working day of the whole team under faults (docs/benchmarks.md). 20 simulated
 * people sign in, read pages (each view recorded as the page's script does), complete lessons, take
 * quizzes, answer the daily challenge and their reviews; an administrator loads Team Progress, its rows
 * (what the CSV export is made of), the knowledge figures and the content-health CSV. All of it against
 * `npm run serve:built` in latency and fault mode for a set time, a failed action retried as a person
 * would. Meanwhile the scheduled refresh of the team rollup runs on its own timer, each run a process of
 * its own, and one run is killed mid-way. At the end, with the store working again: requests and failures
 * by status, 5xx that were not the clear 503 (must be 0), acknowledged facts missing (0), facts counted
 * twice (0), the rollup against its rebuild (equal), and the p95 of each action.
 *
 *   npm run build && npm run bench:soak -- [--minutes 10] [--people 20] [--faults rate=5%,kinds=error+timeout,seed=42]
 *     [--latency on] [--refresh-every 30] [--write docs/benchmarks.md]
 *
 * Exits 1 when a check fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { writeSection } from '~tools/bench-stats';
import { describeFaults, parseFaults } from '~tools/local-blobs/faults';
import { connectBlobs } from '../lib/blobs';
import { checkFigures, type CheckResult } from './soak/checks';
import { newTally, p95, Person, type Tally } from './soak/person';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    people: { type: 'string', default: '20' },
    faults: { type: 'string', default: process.env['BLOBS_FAULTS'] ?? 'rate=5%,kinds=error+timeout,seed=42' },
    latency: { type: 'string', default: process.env['BLOBS_LATENCY'] ?? 'on' },
    'refresh-every': { type: 'string', default: '30' },
    write: { type: 'string' },
  },
});
const MINUTES = Number(values.minutes);
const PEOPLE = Number(values.people);
const REFRESH_EVERY_MS = Number(values['refresh-every']) * 1000;
const FAULTS = parseFaults(values.faults);
/** A Blobs request waits 2.5 s, as on Netlify (a local run's default is longer). */
const BLOBS_TIMEOUT_MS = '2500';
const PAGES = [
  '/',
  '/company-overview',
  '/industry-knowledge',
  '/buyer-segments',
  '/buyer-segments/8',
  '/ideal-customer-profile',
  '/product',
  '/resources',
  '/quizzes',
  '/sales-situations',
  '/sales-kit',
  '/sales-kit/objections',
  '/modules/1',
  '/modules/2/lessons/201',
  '/personas/1',
  '/review',
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function startServer(port: number, data: string): ChildProcess {
  const args = [
    '--import',
    'tsx',
    'scripts/serve-built.ts',
    '--port',
    String(port),
    '--data',
    data,
    '--latency',
    values.latency,
    '--faults',
    values.faults,
  ];
  // Twenty new accounts in a minute are the soak's set-up, not an attack: the day's limit on new accounts is raised.
  const env = { ...process.env, BLOBS_TIMEOUT_MS, REGISTRATIONS_PER_DAY: '1000' };
  return spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitUntilServing(origin: string): Promise<void> {
  for (let tries = 0; tries < 120; tries++) {
    const ok = await fetch(`${origin}/auth`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(500);
  }
  throw new Error('serve:built did not start');
}

/** The scheduled refresh on its own timer, one run a process; one run (a quarter into the soak or later) is killed mid-way. */
function scheduleRefreshes(data: string, until: number) {
  const report = { runs: 0, failed: 0, killed: null as null | { afterMs: number; atMinute: number } };
  const killFrom = Date.now() + (until - Date.now()) / 4;
  const started = Date.now();
  const runOnce = () =>
    new Promise<void>((resolve) => {
      const args = ['--import', 'tsx', 'scripts/run-scheduled.ts', 'refresh-team-rollup', '--site-id', 'local-serve', '--data', data];
      const seeded = FAULTS ? `${values.faults.replace(/,?seed=\d+/, '')},seed=${1000 + report.runs}` : 'off';
      const child = spawn(process.execPath, args, {
        env: { ...process.env, BLOBS_LATENCY: values.latency, BLOBS_FAULTS: seeded, BLOBS_TIMEOUT_MS },
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      report.runs += 1;
      let done = false;
      child.stdout?.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        if (text.includes(': running') && report.killed === null && Date.now() >= killFrom) {
          const afterMs = Math.round(Math.random() * 250);
          setTimeout(() => {
            if (done) return; // it finished first: the next run is killed instead
            child.kill('SIGKILL');
            report.killed = { afterMs, atMinute: Math.round((Date.now() - started) / 6_000) / 10 };
          }, afterMs);
        }
      });
      child.on('exit', (code) => {
        done = true;
        if (code !== 0 && code !== null) report.failed += 1;
        resolve();
      });
    });
  const loop = (async () => {
    while (Date.now() < until) {
      const next = Date.now() + REFRESH_EVERY_MS;
      await runOnce();
      await sleep(Math.max(0, next - Date.now()));
    }
  })();
  return { report, done: loop };
}

/**
 * Registers one person (set-up, also under faults). A registration cut half-way keeps its username claimed
 * for a minute (409 on a retry), so set-up registers under a new address instead of waiting.
 */
async function register(origin: string, tally: Tally, index: number): Promise<Person> {
  const password = 'correct-horse-battery';
  for (let attempt = 0; attempt < 10; attempt++) {
    const username = `soak-${index}-${attempt}-${Date.now().toString(36)}@parcelwise.example`;
    const person = new Person(origin, username, password, tally, '');
    const body = { username, password, name: `Soak Learner ${index}` };
    const answer = await person.act('register', [201], () => person.request('POST', '/api/register', body));
    if (!answer) continue;
    person.ledger.userId = (answer.json() as { id: string }).id;
    person.ledger.signIns += 1; // registering signs the person in
    return person;
  }
  throw new Error(`registration of soak learner ${index} failed ten times`);
}

type Content = {
  lessons: Array<[number, number]>;
  quizzes: Array<{ id: number; questions: Array<{ id: string; options: Array<{ id: string }> }> }>;
};

async function loadContent(person: Person): Promise<Content> {
  const lessons: Array<[number, number]> = [];
  for (let moduleId = 1; moduleId <= 6; moduleId++) {
    const answer = await person.act('load content', [200], () => person.request('GET', `/api/modules/${moduleId}`));
    for (const lesson of (answer?.json() as { content: Array<{ id: number }> } | undefined)?.content ?? [])
      lessons.push([moduleId, lesson.id]);
  }
  const quizzes = await person.act('load content', [200], () => person.request('GET', '/api/quizzes'));
  return { lessons, quizzes: (quizzes?.json() as Content['quizzes'] | undefined) ?? [] };
}

async function workingDay(person: Person, content: Content, until: number): Promise<void> {
  await person.signIn();
  while (Date.now() < until) {
    await sleep(2_000 + Math.random() * 4_000);
    if (person.signedOut) {
      await person.signIn();
      continue;
    }
    const roll = Math.random();
    if (roll < 0.45) await person.read(pick(PAGES));
    else if (roll < 0.6) await person.completeLesson(...pick(content.lessons));
    else if (roll < 0.75) await person.takeQuiz(pick(content.quizzes));
    else if (roll < 0.85) await person.answerChallenge();
    else if (roll < 0.96) await person.review();
    else await person.signIn();
  }
}

async function administrator(origin: string, tally: Tally, until: number): Promise<void> {
  const admin = new Person(origin, DEMO_ADMIN.username, DEMO_ADMIN.password, tally, 'admin');
  admin.signedOut = true;
  while (Date.now() < until) {
    if (admin.signedOut) await admin.signIn();
    await admin.act('load Team Progress', [200], () => admin.request('GET', '/team-progress'));
    await admin.act('load the team rows (CSV)', [200], () => admin.request('GET', '/api/team-progress'));
    await admin.act('load the knowledge figures', [200], () => admin.request('GET', '/api/team-progress/knowledge'));
    await admin.act('export content health (CSV)', [200], () => admin.request('GET', '/api/content-health?format=csv'));
    await sleep(15_000 + Math.random() * 10_000);
  }
}

const rollupText = (check: CheckResult['rollupAsLeft']) =>
  check === null
    ? 'no rollup was left'
    : check.differences === 0
      ? 'equal'
      : `${check.differences} figures differ (against the journal alone: ${check.journal === 0 ? 'equal, so records lack their journal entries' : `${check.journal} differ`})`;

function report(
  tally: Tally,
  checks: CheckResult,
  refreshes: ReturnType<typeof scheduleRefreshes>['report'],
): { text: string; passed: boolean } {
  const total = [...tally.byStatus.values()].reduce((sum, count) => sum + count, 0);
  const statuses = [...tally.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'no answer in 15 s' : status}: ${count}`);
  const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0);
  const detail = (record: Record<string, number>) =>
    sum(record) === 0
      ? ''
      : ` (${Object.entries(record)
          .map(([kind, n]) => `${kind} ${n}`)
          .join(', ')})`;
  const checksPassed =
    tally.unclear.length === 0 &&
    sum(checks.missing) === 0 &&
    sum(checks.twice) === 0 &&
    checks.rollupAsLeft?.differences === 0 &&
    checks.rollupAtEnd.differences === 0;
  const rows = [
    ['requests', `${total} (${statuses.join(', ')})`],
    ['5xx that were not a clear 503', `${tally.unclear.length} (must be 0)`],
    ['acknowledged facts missing afterwards', `${sum(checks.missing)} (must be 0)${detail(checks.missing)}`],
    ['facts counted twice in a figure', `${sum(checks.twice)} (must be 0)${detail(checks.twice)}`],
    ['sign-ins journaled for an answer that failed (information)', String(checks.extraSignIns)],
    ['rollup against rebuild, as the refreshes left it', rollupText(checks.rollupAsLeft)],
    ['rollup against rebuild, after a last refresh', rollupText(checks.rollupAtEnd)],
    [
      'scheduled refresh',
      `${refreshes.runs} runs (${refreshes.failed} failed on a fault), ${refreshes.killed ? `one killed ${refreshes.killed.afterMs} ms into its run at minute ${refreshes.killed.atMinute}` : 'none killed mid-run'}`,
    ],
    [
      'actions given up (after five tries; a visit after its one)',
      [...tally.abandoned].map(([action, n]) => `${action} ${n}`).join(', ') || '0',
    ],
  ];
  const actions = [...tally.actionMs.keys()]
    .sort()
    .map((action) => [action, `${tally.actionMs.get(action)!.length}`, `${Math.round(p95(tally, action))} ms`]);
  const text = [
    `Run of ${new Date().toISOString().slice(0, 10)}: ${PEOPLE} people for ${MINUTES} min, Blobs latency ${values.latency}, ${FAULTS ? describeFaults(FAULTS) : 'no faults'}, Blobs requests given 2.5 s.`,
    '',
    '| check | result |',
    '|---|---|',
    ...rows.map(([check, result]) => `| ${check} | ${result} |`),
    '',
    '| action | done | p95 (first try to success) |',
    '|---|---|---|',
    ...actions.map(([action, done, time]) => `| ${action} | ${done} | ${time} |`),
    ...(checks.examples.length > 0 || tally.unclear.length > 0
      ? ['', 'Examples:', ...[...tally.unclear.slice(0, 5), ...checks.examples].map((line) => `- ${line}`)]
      : []),
  ].join('\n');
  return { text, passed: checksPassed && refreshes.killed !== null };
}

async function main(): Promise<number> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const data = await mkdtemp(path.join(tmpdir(), 'parcelwise-soak-'));
  console.log(
    `Soak: ${PEOPLE} people for ${MINUTES} min against serve:built on ${origin} (${FAULTS ? describeFaults(FAULTS) : 'no faults'}).`,
  );
  const server = startServer(port, data);
  const tally = newTally();
  try {
    await waitUntilServing(origin);
    const people: Person[] = [];
    for (let index = 0; index < PEOPLE; index++) people.push(await register(origin, tally, index));
    const content = await loadContent(people[0]!);
    const until = Date.now() + MINUTES * 60_000;
    const refreshes = scheduleRefreshes(data, until);
    await Promise.all([...people.map((person) => workingDay(person, content, until)), administrator(origin, tally, until), refreshes.done]);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    delete process.env['BLOBS_FAULTS']; // the checks read the data with the store working
    delete process.env['BLOBS_LATENCY'];
    const disconnect = await connectBlobs('local-serve', { directory: data, siteID: 'local-serve' });
    const checks = await checkFigures(people.map((person) => person.ledger)).finally(disconnect);
    const { text, passed } = report(tally, checks, refreshes.report);
    console.log(`\n${text}\n`);
    if (values.write) await writeSection(values.write, 'bench:soak', text);
    console.log(passed ? 'Every check passed.' : 'A check failed.');
    return passed ? 0 : 1;
  } finally {
    if (server.exitCode === null) server.kill('SIGTERM');
    await rm(data, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
