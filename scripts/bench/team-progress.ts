/**
 * Benchmark of the team-progress computation, in process (docs/decisions.md: never through the emulators).
 * Seeds 100 users × 1,000 events into a fresh local BlobsServer, then prints the median and p95 time of
 * GET /api/team-progress's work (the service), cold, warm, and with new events, and the time to rebuild
 * every rollup. It prints figures; it is not a test.
 *
 * Besides times it prints the Blobs requests per run, the figure that carries over to production:
 * the local BlobsServer lists a prefix by stat-ing every file of the store path it walks (its list cost
 * grows with the files on disk), while Netlify Blobs lists prefixes from an index.
 *
 * Each user also answers ANSWERS bank questions (a review-answers key and its journal entry each), so the
 * Knowledge section (mastery by topic, most-missed questions) is folded and computed with the rows.
 *
 * Every user is also assigned an onboarding program (a 25-item plan over the same curriculum) through the programs
 * domain's own recordAssignment, one of the three with ramp milestones (content/ramp-milestones.yaml: SDR, AE, CSM), started
 * 0–180 days ago, some items done (pages read, quizzes passed, a sign-off), so each row computes its plan from the rollup.
 * Most members then have ramp outcomes, recorded through the outcomes service (recordOutcome): each milestone of their
 * role in target order reached early, on time or late, or not (and none after it), never after today.
 *
 * The outcomes service and the ramp chart read the milestones through astro:content, so those modules are loaded
 * through Astro's Vite config (as the unit tests and bench:search do; dev mode, so the milestones are read afresh on
 * every call where production reads them once). readTeamRamp + teamRampChart are timed on their own.
 *
 * Then the page's own work on top of a warm load (with readTeamRamp beside it, as the page reads them): the ramp chart,
 * and the table's page of rows (sorted, filtered, paged by ~/shared/team/team-table) with their ramp lines rendered to
 * HTML as /team-progress renders it, for the default view and for a sorted, filtered, found view, with the size of that
 * HTML against the whole team's rows as props (what the table's island used to get).
 *
 *   npx tsx scripts/bench/team-progress.ts [--users 500] [--events 30] [--answers 70] [--runs 20] [--rebuilds 1]
 *
 * With `--data <dir> --seed-only` it seeds into that folder and stops, for a served build to show the team
 * (`npm run serve:built -- --data <dir> --keep`, then Lighthouse on /team-progress; docs/benchmarks.md).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getViteConfig } from 'astro/config';
import { createServer, type ViteDevServer } from 'vite';
import { backgroundWorkDone } from '~/server/background';
import { getTeamProgress } from '~/server/team/team-progress';
import type * as TeamRamp from '~/server/team/team-ramp';
import type * as OutcomesService from '~/server/outcomes/outcomes';
import type * as ContentOutcomes from '~/server/content/outcomes';
import { recordAssignment } from '~/server/programs/assignment';
import { isoDay, dayOf } from '~/shared/review/days';
import syncContent from '~tools/sync-content';
import { rebuildRollups } from '~/server/team/team-rollup';
import { journal, type JournalEvent } from '~/server/journal/journal';
import { progress } from '~/server/learning/storage/progress';
import { quizResults } from '~/server/learning/storage/quiz-results';
import { reviewAnswers } from '~/server/review/storage/review-answers';
import { buildQuestionBank } from '~/server/review/question-bank';
import { startLocalBlobs } from '~tools/local-blobs/server';
import { users } from '~/server/accounts/storage/users';
import { pool, timings } from '~tools/bench-stats';
import { gzipSync } from 'node:zlib';
import type { Program } from '~/server/content/programs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import TeamProgressTable from '~/islands/TeamProgressTable';
import { pageTableState } from '~/shared/api/team';
import { PAGE_SIZE, teamMembers, teamTablePage } from '~/shared/team/team-table';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '500' },
    events: { type: 'string', default: '30' },
    answers: { type: 'string', default: '70' },
    runs: { type: 'string', default: '20' },
    rebuilds: { type: 'string', default: '1' },
    data: { type: 'string' },
    'seed-only': { type: 'boolean', default: false },
  },
});
const USERS = Number(values.users);
const EVENTS = Number(values.events);
const ANSWERS = Number(values.answers);
const RUNS = Number(values.runs);
const REBUILDS = Number(values.rebuilds);
const DAY = 24 * 60 * 60 * 1000;
const SEED_CONCURRENCY = 64;

// A curriculum like the content's: 5 modules × 6 lessons (the figure only needs ids).
const CURRICULUM = Array.from({ length: 5 }, (_, m) => ({
  id: m + 1,
  lessons: Array.from({ length: 6 }, (_, l) => ({ id: (m + 1) * 100 + l + 1 })),
}));

// A question bank like the content's: 10 quizzes × 7 questions over 4 topics, taught by those lessons.
const TOPICS = ['Company', 'Industry Knowledge', 'Product', 'Buyer Segments'] as const;
const BANK = buildQuestionBank(
  Array.from({ length: 10 }, (_, q) => ({
    review: { owner: 'aaliyah-brooks', lastReviewed: '2026-09-01', reviewBy: '2027-09-01' },
    id: q + 1,
    title: `Quiz ${q + 1}`,
    description: 'd',
    category: TOPICS[q % TOPICS.length]!,
    difficulty: 'beginner' as const,
    questions: Array.from({ length: 7 }, (_, n) => ({
      id: `q${n + 1}`,
      text: `Question ${n + 1}`,
      lessonId: (Math.floor(q / 2) + 1) * 100 + (n % 6) + 1,
      explanation: 'e',
      options: ['a', 'b'].map((id) => ({ id, text: id, isCorrect: id === 'a' })),
    })),
  })),
  CURRICULUM.map((module) => ({
    id: module.id,
    lessons: module.lessons.map((lesson, order) => ({ ...lesson, title: 'L', type: 'article' as const, duration: 5, order })),
  })),
);

const PAGES = ['/company-overview', '/ideal-customer-profile', '/product', '/personas/1', '/personas/3', '/buyer-segments/8'];

// A program like the content's: every lesson of two modules, lessons of the others, quizzes, pages, mastery, sign-offs.
const PROGRAM: Program = {
  id: 'sdr-onboarding',
  title: 'SDR onboarding',
  role: 'Sales development representative',
  description: 'd',
  lengthDays: 42,
  certificate: { title: 'Ready', validMonths: 12 },
  review: { owner: 'aaliyah-brooks', lastReviewed: '2026-09-01', reviewBy: '2027-09-01' },
  items: [
    ...CURRICULUM.slice(0, 2).map((module, index) => ({
      id: `module-${module.id}`,
      kind: 'module' as const,
      title: `Module ${module.id}`,
      required: true,
      due: 3 + index * 5,
      href: `/modules/${module.id}`,
      lessons: module.lessons.map((lesson) => ({ moduleId: module.id, lessonId: lesson.id, materialRevision: 1 })),
    })),
    ...CURRICULUM.slice(2).flatMap((module) =>
      module.lessons.slice(0, 3).map((lesson, index) => ({
        id: `lesson-${lesson.id}`,
        kind: 'lesson' as const,
        title: `Lesson ${lesson.id}`,
        required: true,
        due: 12 + module.id * 3 + index,
        href: `/modules/${module.id}/lessons/${lesson.id}`,
        lessons: [{ moduleId: module.id, lessonId: lesson.id, materialRevision: 1 }],
      })),
    ),
    ...[1, 2, 3, 4].map((quizId) => ({
      id: `quiz-${quizId}`,
      kind: 'quiz' as const,
      title: `Quiz ${quizId}`,
      required: true,
      due: 6 * quizId,
      href: `/quizzes/${quizId}`,
      quizId,
    })),
    ...PAGES.map((page, index) => ({
      id: `read:${page}`,
      kind: 'read' as const,
      title: `Read ${page}`,
      required: index < 4,
      due: 2 + index * 3,
      href: page,
      page,
    })),
    { id: 'mastery-2', kind: 'mastery', title: 'Mastery', required: true, due: 35, href: '/review', moduleId: 2, threshold: 60 },
    { id: 'shadow-calls', kind: 'signoff', title: 'Shadow three calls', required: true, due: 30, href: '/plan', instructions: 'i' },
    { id: 'observed-call', kind: 'signoff', title: 'Observed call', required: true, due: 42, href: '/plan', instructions: 'i' },
  ],
};
// The content's three programs with ramp milestones, each with the program above's items (the served site uses its own).
const ROLE_PROGRAMS: Program[] = [
  PROGRAM,
  { ...PROGRAM, id: 'account-executive-onboarding', title: 'AE onboarding', role: 'Account executive', lengthDays: 45 },
  { ...PROGRAM, id: 'customer-success-onboarding', title: 'CSM onboarding', role: 'Customer success manager' },
];
const PROGRAMS = new Map(ROLE_PROGRAMS.map((program) => [program.id, program]));
const BENCH_ADMIN = { id: 'bench-admin', name: 'Bench admin', username: 'bench-admin@parcelwise.example' };
const START_SPREAD_DAYS = 181;

const usernameOf = (id: string) => `bench-${id.slice(0, 8)}@parcelwise.example`;
const programOf = (index: number) => ROLE_PROGRAMS[index % ROLE_PROGRAMS.length]!;
/** Days before now of a member's start: spread over the last ~6 months, not in step with the role. */
const startOffsetOf = (index: number) => (index * 37) % START_SPREAD_DAYS;

/** One user's plan: assigned some days ago (by the programs domain, as an administrator does), pages read, a sign-off for every other user. */
function planOf(userId: string, index: number, now: number): Array<() => Promise<unknown>> {
  const offset = startOffsetOf(index);
  const program = programOf(index);
  const startDate = new Date(now - offset * DAY).toISOString().slice(0, 10);
  // An hour after the start, never in the future (an event ahead of the clock is not folded yet).
  const at = new Date(Math.min(now - 60_000, now - offset * DAY + 3600_000)).toISOString();
  const person = { id: userId, username: usernameOf(userId), disabled: false };
  const writes: Array<() => Promise<unknown>> = [
    () => recordAssignment(BENCH_ADMIN, person, [], program.id, startDate, new Date(at)),
    ...PAGES.slice(0, index % PAGES.length).map(
      (pagePath) => () => journal.add(userId, { kind: 'visit', pagePath, tabId: null, exitPage: null, visitDate: at, recordedAt: at }),
    ),
  ];
  if (index % 2 === 0)
    writes.push(() => journal.add(userId, { kind: 'signoff', programId: program.id, itemId: 'shadow-calls', recordedAt: at }));
  return writes;
}

/** A deterministic pseudo-random sequence, so runs compare. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

type Timing = 'early' | 'on time' | 'late' | 'none yet' | 'not reached';

/**
 * A member's outcomes: each milestone of their role in target order reached early (a week or more before its target day),
 * on time (in the week up to it), late (up to a month after), or not (15 %, and then none after it); a date after
 * today is not reached yet.
 */
function outcomesOf(
  index: number,
  milestones: readonly ContentOutcomes.RampMilestone[],
  startDate: string,
  today: string,
): { reached: Array<{ milestone: string; date: string }>; timings: Timing[] } {
  // Seeds far apart, and the first draws dropped: nearby seeds' first draws of this generator are alike.
  const next = random(Math.imul(index + 1, 2654435761));
  next();
  next();
  const start = Date.parse(`${startDate}T00:00:00Z`) / DAY;
  const reached: Array<{ milestone: string; date: string }> = [];
  const timings: Timing[] = [];
  let stopped = false;
  for (const { id, targetDays, programs } of milestones) {
    if (!programs.includes(programOf(index).id)) continue;
    const draw = next();
    if (stopped || draw < 0.15) {
      stopped = true;
      timings.push('not reached');
      continue;
    }
    const [timing, day]: [Timing, number] =
      draw < 0.4
        ? ['early', Math.max(0, targetDays - 7 - Math.floor(next() * targetDays * 0.4))]
        : draw < 0.8
          ? ['on time', targetDays - Math.floor(next() * 7)]
          : ['late', targetDays + 1 + Math.floor(next() * 30)];
    const date = isoDay(start + day);
    if (date > today) {
      stopped = true;
      timings.push('none yet');
      continue;
    }
    reached.push({ milestone: id, date });
    timings.push(timing);
  }
  return { reached, timings };
}

/** The modules that read astro:content, loaded through Astro's Vite config (dev mode), as the unit tests load them. */
async function loadContentModules(): Promise<{
  server: ViteDevServer;
  ramp: typeof TeamRamp;
  outcomesService: typeof OutcomesService;
  contentOutcomes: typeof ContentOutcomes;
}> {
  syncContent(); // astro sync, and the data store where dev mode reads it
  const config = await getViteConfig({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'silent' })({
    mode: 'development',
    command: 'serve',
  });
  const server = await createServer(config);
  const [ramp, outcomesService, contentOutcomes] = await Promise.all([
    server.ssrLoadModule('/src/server/team/team-ramp.ts') as Promise<typeof TeamRamp>,
    server.ssrLoadModule('/src/server/outcomes/outcomes.ts') as Promise<typeof OutcomesService>,
    server.ssrLoadModule('/src/server/content/outcomes.ts') as Promise<typeof ContentOutcomes>,
  ]);
  return { server, ramp, outcomesService, contentOutcomes };
}

/** Every member's outcomes through the outcomes service, one member's in turn (each write replaces their document). */
async function seedOutcomes(
  ids: readonly string[],
  content: Awaited<ReturnType<typeof loadContentModules>>,
  now: number,
): Promise<Map<Timing, number>> {
  const milestones = await content.contentOutcomes.getRampMilestones();
  const today = isoDay(dayOf(now));
  const tally = new Map<Timing, number>();
  const caller = { kind: 'admin', user: BENCH_ADMIN } as const;
  await pool(
    ids.map((id, index) => ({ id, index })),
    SEED_CONCURRENCY,
    async ({ id, index }) => {
      const startDate = new Date(now - startOffsetOf(index) * DAY).toISOString().slice(0, 10);
      const { reached, timings: drawn } = outcomesOf(index, milestones, startDate, today);
      for (const timing of drawn) tally.set(timing, (tally.get(timing) ?? 0) + 1);
      for (const request of reached)
        await content.outcomesService.recordOutcome(caller, { username: usernameOf(id), ...request }, new Date(now));
    },
  );
  return tally;
}

async function time<T>(task: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await task();
  return [performance.now() - start, result];
}

/** One user's history: most events are activity (visits, tab changes, exits, sign-ins), the rest results and answers. */
function historyOf(userId: string, now: number): Array<() => Promise<unknown>> {
  const quizCount = Math.round(EVENTS * 0.04);
  const challengeCount = Math.round(EVENTS * 0.04);
  const lessonCount = Math.min(30, Math.round(EVENTS * 0.02));
  const activityCount = EVENTS - quizCount - challengeCount - lessonCount;
  const when = (i: number, n: number) => new Date(now - 60 * DAY + (i / n) * 59 * DAY + Math.random() * 1000);
  const writes: Array<() => Promise<unknown>> = [];
  for (let i = 0; i < activityCount; i++) {
    const at = when(i, activityCount).toISOString();
    const r = i % 10;
    const event: JournalEvent =
      r === 0
        ? { kind: 'login', recordedAt: at }
        : {
            kind: 'visit',
            pagePath: '/company-overview',
            tabId: r < 3 ? 'team' : null,
            exitPage: r >= 7 ? 'navigation' : null,
            visitDate: at,
            recordedAt: at,
          };
    writes.push(() => journal.add(userId, event));
  }
  for (let i = 0; i < quizCount; i++) {
    const completedAt = when(i, quizCount).toISOString();
    const quizId = String((i % 8) + 1);
    writes.push(async () => {
      await quizResults.add({
        id: `r${i}-${randomUUID().slice(0, 8)}`,
        quizId,
        userId,
        score: 50,
        correctAnswers: 1,
        totalQuestions: 2,
        answers: [],
        completedAt,
      });
      await journal.add(userId, { kind: 'quiz', quizId, score: i % 3 === 0 ? 90 : 50, recordedAt: completedAt });
    });
  }
  for (let i = 0; i < challengeCount; i++) {
    const answeredAt = when(i, challengeCount).toISOString();
    writes.push(async () => {
      await journal.add(userId, { kind: 'challenge', windowId: `w${i}`, recordedAt: answeredAt });
    });
  }
  for (let i = 0; i < lessonCount; i++) {
    const moduleId = Math.floor(i / 6) + 1;
    const lessonId = String(moduleId * 100 + (i % 6) + 1);
    const completedAt = when(i, lessonCount);
    writes.push(async () => {
      await progress.completeLesson(userId, moduleId, lessonId, completedAt);
      await journal.add(userId, { kind: 'lesson', moduleId, lessonId, recordedAt: completedAt.toISOString() });
    });
  }
  for (let i = 0; i < ANSWERS; i++) {
    const at = when(i, ANSWERS);
    const answer = {
      id: reviewAnswers.newId(at),
      quizId: (i % 10) + 1,
      questionId: `q${(i % 7) + 1}`,
      optionId: 'a',
      correct: Math.random() < 0.75,
      source: 'quiz' as const,
      at,
      confidence: i % 3 === 0 ? ('sure' as const) : null,
      revision: 1,
      materialRevision: 1,
    };
    writes.push(async () => {
      await reviewAnswers.add(userId, answer);
      const questionKey = `${answer.quizId}:${answer.questionId}`;
      await journal.add(
        userId,
        { kind: 'answer', questionKey, correct: answer.correct, confidence: answer.confidence, recordedAt: at.toISOString() },
        answer.id,
      );
    });
  }
  return writes;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

type Team = Awaited<ReturnType<typeof getTeamProgress>>;

/** The table's HTML for one URL of /team-progress, from the loaded rows and outcomes (what the page adds to the load). */
function tableHtml(team: Team, reads: TeamRamp.TeamRampReads, ramp: typeof TeamRamp, query: string) {
  const { rows, generatedAt } = team;
  const members = teamMembers(rows);
  const state = pageTableState(new URLSearchParams(query));
  const table = teamTablePage(members, state, new Date(generatedAt));
  const chart = ramp.teamRampChart(members, reads, new Date(generatedAt));
  const rampLines = ramp.teamRampLines(table.rows, reads, chart, new Date(generatedAt));
  const html = renderToString(
    createElement(TeamProgressTable, {
      rows: table.rows,
      rampLines,
      state: { ...state, page: table.page },
      shown: table.shown,
      total: members.length,
      pages: table.pages,
      generatedAt,
    }),
  );
  return { html, rows: table.rows.length, shown: table.shown, pages: table.pages, lines: Object.keys(rampLines).length };
}

/** A warm load with the outcomes beside it, plus the chart and the table's page, timed together (the page's server time less Astro's frame), per view. */
async function benchTablePage(run: () => ReturnType<typeof getTeamProgress>, ramp: typeof TeamRamp): Promise<void> {
  const views = ['', 'sort=planStatus&direction=descending&filter=behind&find=bench&page=2'];
  for (const query of views) {
    const total: number[] = [];
    const table: number[] = [];
    let last: ReturnType<typeof tableHtml> | null = null;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const [team, reads] = await Promise.all([run(), ramp.readTeamRamp()]);
      const loaded = performance.now();
      last = tableHtml(team, reads, ramp, query);
      const end = performance.now();
      total.push(end - start);
      table.push(end - loaded);
      await backgroundWorkDone();
    }
    console.log(`\n/team-progress${query ? `?${query}` : ''}: warm load + outcomes + chart + the table's page rendered: ${timings(total)}`);
    console.log(`  of which the chart and the table (count, sort, filter, page, ramp lines, render): ${timings(table, 2)}`);
    console.log(
      `  ${last!.rows} rows on the page (${PAGE_SIZE} a page, ${last!.pages} pages, ${last!.shown} kept, ${last!.lines} with a ramp line); table HTML ${kib(last!.html.length)} KiB, ${kib(gzipSync(last!.html).length)} KiB gzip`,
    );
  }
}

async function main(): Promise<void> {
  // A local run: the emulator's requests get a local run's time (a cold load reads thousands at once).
  process.env['PARCELWISE_LOCAL'] ??= 'true';
  // The cold load and the rebuild send 1,500 reads at once: on a busy machine the local server needs longer than a request's limit.
  process.env['BLOBS_TIMEOUT_MS'] ??= '120000';
  const requests = new Map<string, number>();
  // A folder to keep is seeded as serve:built's site reads it.
  const kept = values.data ? { directory: path.resolve(values.data), siteID: 'local-serve' } : { siteID: 'bench' };
  const blobs = await startLocalBlobs({ ...kept, onRequest: ({ type }) => requests.set(type, (requests.get(type) ?? 0) + 1) });
  const counted = async <T>(task: () => Promise<T>): Promise<[T, string]> => {
    requests.clear();
    const result = await task();
    return [result, [...requests].map(([type, n]) => `${n} ${type}`).join(', ')];
  };
  let content: Awaited<ReturnType<typeof loadContentModules>> | null = null;
  try {
    const now = Date.now();
    const ids = Array.from({ length: USERS }, () => randomUUID());
    console.log(`Seeding ${USERS} users × ${EVENTS} events and ${ANSWERS} answers into a local BlobsServer…`);
    const [seedMs] = await time(async () => {
      await pool(ids, SEED_CONCURRENCY, (id) =>
        users.create({
          id,
          username: usernameOf(id),
          name: `Bench ${id.slice(0, 4)}`,
          role: 'user',
          avatar: null,
          passwordHash: 'x',
          disabled: false,
          sessionVersion: 1,
          createdAt: new Date(now - 61 * DAY).toISOString(),
        }),
      );
      await pool(
        ids.flatMap((id, index) => [...historyOf(id, now), ...planOf(id, index, now)]),
        SEED_CONCURRENCY,
        (write) => write(),
      );
    });
    console.log(`Seeded in ${(seedMs / 1000).toFixed(1)} s.`);
    content = await loadContentModules();
    const [outcomesMs, tally] = await time(() => seedOutcomes(ids, content!, now));
    console.log(
      `Ramp outcomes recorded through the outcomes service in ${(outcomesMs / 1000).toFixed(1)} s; milestones of the members' roles: ` +
        `${[...tally].map(([timing, n]) => `${n} ${timing}`).join(', ')}\n`,
    );
    if (values['seed-only']) return;
    const ramp = content.ramp;

    const run = () => getTeamProgress({ curriculum: CURRICULUM, bank: BANK, programs: PROGRAMS });
    const [coldMs, [cold, coldRequests]] = await time(() => counted(run));
    console.log(`Team progress, cold (no rollups: every event folded once): ${coldMs.toFixed(1)} ms for ${cold.rows.length} rows`);
    console.log(`  Blobs requests: ${coldRequests}`);
    // The cold load saves the rollups in the background (as after a response); a warm load starts after.
    await backgroundWorkDone();

    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      warm.push((await time(run))[0]);
      await backgroundWorkDone();
    }
    console.log(`Team progress, warm (rollups fresh, nothing new):         ${timings(warm)}`);
    console.log(`  Blobs requests per run: ${(await counted(run))[1]}`);

    // The ramp chart's own work: everybody's outcomes read (a listing, then one document per member with outcomes), then counted.
    const team = await run();
    const members = teamMembers(team.rows);
    const reads: number[] = [];
    const charts: number[] = [];
    let chart: ReturnType<typeof ramp.teamRampChart> = [];
    for (let i = 0; i < RUNS; i++) {
      const [readMs, read] = await time(() => ramp.readTeamRamp());
      const start = performance.now();
      chart = ramp.teamRampChart(members, read, new Date(team.generatedAt));
      charts.push(performance.now() - start);
      reads.push(readMs);
    }
    const [rampRead, rampRequests] = await counted(() => ramp.readTeamRamp());
    console.log(`\nreadTeamRamp (milestones and everybody's outcomes):        ${timings(reads)}`);
    console.log(`  Blobs requests per read: ${rampRequests}; ${rampRead.reached.size} members with outcomes`);
    console.log(`teamRampChart over ${members.length} members:                     ${timings(charts, 2)}`);
    console.log(
      `  ${chart.length} milestones, ${chart.reduce((sum, milestone) => sum + milestone.cohorts.length, 0)} cohort bars; medians: ` +
        chart.map((milestone) => `${milestone.id} ${milestone.medianDays ?? '-'}/${milestone.targetDays}`).join(', '),
    );
    await benchTablePage(run, ramp);

    const incremental: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await pool(ids, SEED_CONCURRENCY, (id) =>
        journal.add(id, {
          kind: 'visit',
          pagePath: '/',
          tabId: null,
          exitPage: null,
          visitDate: new Date().toISOString(),
          recordedAt: new Date().toISOString(),
        }),
      );
      incremental.push((await time(run))[0]);
      await backgroundWorkDone();
    }
    console.log(`Team progress, +1 new visit per user before each run:    ${timings(incremental)}`);
    await pool(ids, SEED_CONCURRENCY, (id) =>
      journal.add(id, {
        kind: 'visit',
        pagePath: '/',
        tabId: null,
        exitPage: null,
        visitDate: new Date().toISOString(),
        recordedAt: new Date().toISOString(),
      }),
    );
    console.log(`  Blobs requests per run: ${(await counted(run))[1]}`);

    const rebuilds: number[] = [];
    for (let i = 0; i < REBUILDS; i++) rebuilds.push((await time(() => rebuildRollups()))[0]);
    console.log(`Rebuild all rollups from the events:                      ${timings(rebuilds)}`);
    console.log(`  Blobs requests per rebuild: ${(await counted(() => rebuildRollups()))[1]}`);

    const after = await run();
    const statuses = new Map<string, number>();
    for (const row of after.rows) statuses.set(row.planStatus, (statuses.get(row.planStatus) ?? 0) + 1);
    console.log(`\nPlans: ${[...statuses].map(([status, n]) => `${n} ${status}`).join(', ')}`);
    const props = JSON.stringify(teamMembers(after.rows));
    console.log(`The whole team's rows as props (the island before): ${kib(props.length)} KiB, ${kib(gzipSync(props).length)} KiB gzip`);
    console.log(`Sample row: ${JSON.stringify(after.rows[0])}`);
    console.log(`Knowledge: ${after.knowledge.topics.length} topics, ${after.knowledge.mostMissed.length} most-missed questions`);
  } finally {
    await backgroundWorkDone();
    await content?.server.close().catch(() => {});
    await blobs.stop();
  }
}

await main();
