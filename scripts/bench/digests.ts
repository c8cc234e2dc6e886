/**
 * `npm run bench:digests`: one hourly digest pass for 1,000 people whose digest hour it is (the defaults:
 * daily at 08:00 UTC), 5 % of them with something to do, as production runs it: the scheduled function's
 * call, `POST /api/scheduled/send-digests` with its token, to the built server function in process, over
 * a local Blobs server in a process of its own in latency mode (40 ms gets, 60 ms sets and lists, ±25 %),
 * mail to an SMTP server in this process. Prints the wall time of the pass and its Blobs operations,
 * against the target of 10 s; a second pass the next day shows the same people once their review
 * snapshots were saved by the first. It prints figures; it is not a test.
 *
 * The people, seeded as the site records them (each answer a review-answers key and its journal entry):
 * everyone answered 6 questions right the day before (cards not due); of every 20, one has something to
 * do: four in five a question answered wrong the day before (a review due), one in five an onboarding
 * program started 10 days before with nothing done (plan items overdue). Another one in ten has a
 * program started that day (nothing due yet); every other person has saved preferences (a time zone on
 * UTC). The team rollup is refreshed 10 minutes before the pass, as the scheduled refresh keeps it.
 *
 *   npm run build && npm run bench:digests -- [--people 1000] [--latency on|off|get=40,...] [--write docs/benchmarks.md]
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { digestPassSummarySchema, type DigestPassSummary } from '~/shared/api/digest';
import type { Quiz } from '~/server/content/learning';
import { checkContent } from '~/content-check/check';
import { materialRevisionOf } from '~/shared/learning/revisions';
import { users } from '~/server/accounts/storage/users';
import { scheduledCallHeaders } from '~/server/http/scheduled-call';
import { preferences } from '~/server/preferences/storage/preferences';
import { recordAssignment } from '~/server/programs/assignment';
import { questionKey } from '~/server/review/question-bank';
import { reviewAnswers, type ReviewAnswer } from '~/server/review/storage/review-answers';
import { backgroundWorkDone } from '~/server/background';
import { journal } from '~/server/journal/journal';
import { refreshTeamRollup } from '~/server/team/team-rollup';
import { pool, writeSection } from '~tools/bench-stats';
import { parseLatency } from '~tools/local-blobs/latency';
import { startMailCapture } from '~tools/local-mail/server';
import { startTracedApp, type Measured, type TracedApp } from '~tools/traced-app';

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '1000' },
    latency: { type: 'string', default: process.env['BLOBS_LATENCY'] ?? 'on' },
    /** A Markdown file whose `<!-- bench:digests -->` section gets the figures. */
    write: { type: 'string' },
  },
});
const PEOPLE = Number(values.people);
const LATENCY = parseLatency(values.latency);
const TARGET_MS = 10_000;
const SEED_CONCURRENCY = 64;
const DAY = 24 * 60 * 60 * 1000;
/** A Tuesday (no administrators' team part), at the default digest hour. */
const PASS_AT = new Date('2030-05-07T08:00:00.000Z');
const DAY_BEFORE = new Date(PASS_AT.getTime() - 20 * 60 * 60 * 1000);
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

type Role = 'review-due' | 'plan-overdue' | 'plan-started' | 'nothing';

/** Who has what: one in 20 something to do (4 of 5 a review, 1 of 5 a plan), one in 10 a program just started. */
function roleOf(index: number): Role {
  if (index % 20 === 0) return (index / 20) % 5 === 4 ? 'plan-overdue' : 'review-due';
  return index % 10 === 5 ? 'plan-started' : 'nothing';
}

/** Quiz questions of the committed content, as answers name them. */
function bankQuestions(): Array<
  Pick<ReviewAnswer, 'quizId' | 'questionId' | 'revision' | 'materialRevision'> & { right: string; wrong: string }
> {
  const quizzes = checkContent(process.cwd())
    .entries.filter((entry) => entry.source.collection === 'quizzes')
    .map((entry) => entry.parsed as unknown as Quiz);
  return quizzes.flatMap((quiz) =>
    quiz.questions.map((question) => ({
      quizId: quiz.id,
      questionId: question.id,
      revision: question.revision ?? 1,
      materialRevision: materialRevisionOf(question),
      right: question.options.find((option) => option.isCorrect)!.id,
      wrong: question.options.find((option) => !option.isCorrect)!.id,
    })),
  );
}

async function seed(): Promise<Record<Role, number>> {
  const questions = bankQuestions();
  const admin = { id: randomUUID(), name: 'Bench Admin' };
  const counts: Record<Role, number> = { 'review-due': 0, 'plan-overdue': 0, 'plan-started': 0, nothing: 0 };
  const answer = (userId: string, n: number, correct: boolean) => {
    const question = questions[n % questions.length]!;
    const at = new Date(DAY_BEFORE.getTime() + n * 1000);
    const { right, wrong, ...names } = question;
    const id = reviewAnswers.newId(at);
    return Promise.all([
      reviewAnswers.add(userId, { id, ...names, optionId: correct ? right : wrong, correct, source: 'quiz', at, confidence: null }),
      journal.add(
        userId,
        {
          kind: 'answer',
          questionKey: questionKey(names.quizId, names.questionId),
          correct,
          confidence: null,
          materialRevision: names.materialRevision,
          recordedAt: at.toISOString(),
        },
        id,
      ),
    ]);
  };
  await pool(
    Array.from({ length: PEOPLE }, (_, index) => index),
    SEED_CONCURRENCY,
    async (index) => {
      const id = randomUUID();
      const person = { id, username: `digest-${index}@parcelwise.example`, disabled: false };
      const role = roleOf(index);
      counts[role] += 1;
      await users.create({
        ...person,
        name: `Person ${index}`,
        role: 'user',
        avatar: null,
        passwordHash: 'x',
        sessionVersion: 1,
        createdAt: new Date(PASS_AT.getTime() - 60 * DAY).toISOString(),
      });
      await Promise.all([
        ...Array.from({ length: 6 }, (_, n) => answer(id, index * 7 + n, true)),
        ...(role === 'review-due' ? [answer(id, index * 7 + 6, false)] : []),
        ...(role === 'plan-overdue'
          ? [recordAssignment(admin, person, [], 'discovery-refresher', isoDay(new Date(PASS_AT.getTime() - 10 * DAY)), DAY_BEFORE)]
          : []),
        ...(role === 'plan-started' ? [recordAssignment(admin, person, [], 'discovery-refresher', isoDay(PASS_AT), DAY_BEFORE)] : []),
        ...(index % 2 === 1
          ? [
              preferences.save({
                userId: id,
                digest: 'daily',
                hour: 8,
                timeZone: 'Africa/Abidjan',
                reviewHoldUntil: null,
                updatedAt: DAY_BEFORE.toISOString(),
              }),
            ]
          : []),
      ]);
    },
  );
  return counts;
}

interface PassFigures {
  label: string;
  wallMs: number;
  measured: Measured;
  summary: DigestPassSummary;
}

async function runPass(app: TracedApp, label: string, at: Date): Promise<PassFigures> {
  const start = performance.now();
  const measured = await app.measure(app.client(), 'POST', '/api/scheduled/send-digests', {
    headers: { ...scheduledCallHeaders('send-digests'), 'x-parcelwise-now': at.toISOString() },
  });
  const wallMs = performance.now() - start;
  if (measured.status !== 200) throw new Error(`the pass answered ${measured.status}: ${measured.body.slice(0, 300)}`);
  return { label, wallMs, measured, summary: digestPassSummarySchema.parse(JSON.parse(measured.body)) };
}

function row({ label, wallMs, measured, summary }: PassFigures): string {
  const { byKind, operations, sequential, background } = measured.summary;
  const kinds = `${byKind.get} get, ${byKind.list} list, ${byKind.set} set, ${byKind.delete} delete`;
  const met = wallMs <= TARGET_MS && summary.finished ? 'met' : 'NOT met';
  return `| ${label} | ${summary.considered} | ${summary.sent} | ${(wallMs / 1000).toFixed(1)} s | ${operations} (${kinds}) | ${sequential} | ${background} | ${summary.finished ? 'yes' : 'no'} | ≤ 10 s: ${met} |`;
}

/** "550 get preferences, 250 list review-answers, …": the operations by kind and first key segment, most first. */
function byKeyPrefix(measured: Measured): string {
  const counts = new Map<string, number>();
  for (const operation of measured.operations) {
    const name = `${operation.kind} ${operation.key.split('/')[0]}${operation.background ? ' (background)' : ''}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${n} ${name}`)
    .join(', ');
}

async function main(): Promise<void> {
  const smtp = await startMailCapture();
  Object.assign(process.env, { SMTP_URL: smtp.url, MAIL_FROM: 'Learning Hub <hub@parcelwise.example>', PARCELWISE_TEST_CLOCK: 'true' });
  const app = await startTracedApp({ latency: LATENCY, siteID: 'bench-digests' });
  try {
    console.log(`Seeding ${PEOPLE} people (latency ${values.latency})…`);
    const seedStart = performance.now();
    const counts = await seed();
    await refreshTeamRollup(new Date(PASS_AT.getTime() - 10 * 60 * 1000));
    await backgroundWorkDone();
    console.log(`Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}\n`);

    const first = await runPass(app, 'first pass (no review snapshots yet)', PASS_AT);
    const second = await runPass(app, 'the next day (snapshots saved by the first)', new Date(PASS_AT.getTime() + DAY));
    const latency = LATENCY
      ? `${LATENCY.get}/${LATENCY.set}/${LATENCY.list} ms get/set/list, ±${Math.round(LATENCY.jitter * 100)} %`
      : 'off';
    const heading = `Run of ${isoDay(new Date())}: ${PEOPLE} people at their digest hour, ${counts['review-due'] + counts['plan-overdue']} with something to do (${counts['review-due']} a review due, ${counts['plan-overdue']} plan items overdue), ${counts['plan-started']} more with a program just started; Blobs latency ${latency}.`;
    const table = [
      '| pass | people at their hour | sent | wall time | Blobs operations awaited | sequential | in background | finished | target |',
      '|---|---|---|---|---|---|---|---|---|',
      row(first),
      row(second),
    ].join('\n');
    console.log(`${heading}\n\n${table}\n`);
    console.log(`Mail received by the SMTP server: ${smtp.received.length}`);
    const breakdown = [first, second].map(
      (pass) => `${pass.label}: function CPU ${(pass.measured.cpuMs / 1000).toFixed(1)} s; ${byKeyPrefix(pass.measured)}`,
    );
    console.log(breakdown.join('\n'));
    if (values.write) {
      await writeSection(values.write, 'bench:digests', `${heading}\n\n${table}\n\n${breakdown.map((line) => `- ${line}`).join('\n')}`);
      console.log(`Written to ${values.write}.`);
    }
  } finally {
    await app.stop();
    await smtp.stop();
  }
}

await main();
