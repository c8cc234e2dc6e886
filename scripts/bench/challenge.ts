/**
 * Benchmark of choosing one user's daily challenge (docs/decisions.md "Spaced review"), in process against
 * a local BlobsServer: a user with 5,000 answer events over the last 200 days, then the median and p95 of
 * GET /api/daily-challenge's work (the service) and the Blobs requests it makes — cold (no snapshot: every
 * answer listed and folded once, the snapshot saved), the first read of a new window (snapshot rolled
 * forward), and warm (snapshot current). It prints figures; it is not a test.
 *
 *   npx tsx scripts/bench/challenge.ts [--answers 5000] [--runs 50]
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Quiz } from '~/server/content/learning';
import { getDailyChallenge } from '~/server/review/daily-challenge';
import { buildQuestionBank } from '~/server/review/question-bank';
import { startLocalBlobs } from '~tools/local-blobs/server';
import { reviewAnswers } from '~/server/review/storage/review-answers';
import { pool, timings } from '~tools/bench-stats';

const { values } = parseArgs({ options: { answers: { type: 'string', default: '5000' }, runs: { type: 'string', default: '50' } } });
const ANSWERS = Number(values.answers);
const RUNS = Number(values.runs);
const DAY = 24 * 60 * 60 * 1000;

// A bank like the content's: 10 quizzes × 7 questions, taught by 5 modules × 6 lessons (the bench runs outside Astro).
const QUIZZES: Quiz[] = Array.from({ length: 10 }, (_, q) => ({
  review: { owner: 'aaliyah-brooks', lastReviewed: '2026-09-01', reviewBy: '2027-09-01' },
  id: q + 1,
  title: `Quiz ${q + 1}`,
  description: 'd',
  category: 'Company',
  difficulty: 'beginner',
  questions: Array.from({ length: 7 }, (_, n) => ({
    id: `q${n + 1}`,
    text: `Question ${n + 1}`,
    lessonId: (Math.floor(q / 2) + 1) * 100 + (n % 6) + 1,
    explanation: 'e',
    options: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: id, isCorrect: id === 'b' })),
  })),
}));
const BANK = buildQuestionBank(
  QUIZZES,
  Array.from({ length: 5 }, (_, m) => ({
    id: m + 1,
    lessons: Array.from({ length: 6 }, (_, l) => ({
      id: (m + 1) * 100 + l + 1,
      title: 'L',
      type: 'article' as const,
      duration: 5,
      order: l,
    })),
  })),
);

async function main(): Promise<void> {
  const requests = new Map<string, number>();
  const blobs = await startLocalBlobs({ siteID: 'bench', onRequest: ({ type }) => requests.set(type, (requests.get(type) ?? 0) + 1) });
  const counted = async (task: () => Promise<unknown>) => {
    requests.clear();
    const start = performance.now();
    await task();
    const took = performance.now() - start;
    return `${[...requests].map(([type, n]) => `${n} ${type}`).join(', ')} (${took.toFixed(0)} ms)`;
  };
  try {
    const userId = randomUUID();
    const now = new Date(Date.UTC(2026, 10, 23, 9, 0));
    console.log(`Seeding ${ANSWERS} answers for one user…`);
    // The bank's questions: quizzes 1-10, q1-q7 (what the content has, roughly).
    const events = Array.from({ length: ANSWERS }, (_, i) => ({
      id: reviewAnswers.newId(new Date(now.getTime() - 200 * DAY + (i / ANSWERS) * 199 * DAY)),
      quizId: (i % 10) + 1,
      questionId: `q${(i % 7) + 1}`,
      optionId: 'a',
      correct: i % 3 !== 0,
      source: 'quiz' as const,
      at: new Date(now.getTime() - 200 * DAY + (i / ANSWERS) * 199 * DAY),
      confidence: i % 4 === 0 ? ('unsure' as const) : null,
      revision: 1,
      materialRevision: 1,
    }));
    await pool(events, 64, (event) => reviewAnswers.add(userId, event));

    const cold = await counted(() => getDailyChallenge(userId, now, { bank: BANK }));
    console.log(`Cold (no snapshot: ${ANSWERS} answers listed and folded, snapshot saved): Blobs requests ${cold}`);
    const nextWindow = new Date(now.getTime() + 12 * 60 * 60 * 1000);
    const rolled = await counted(() => getDailyChallenge(userId, nextWindow, { bank: BANK }));
    console.log(`First read of the next window (snapshot rolled forward): Blobs requests ${rolled}`);

    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await getDailyChallenge(userId, new Date(nextWindow.getTime() + 60_000 + i * 1000), { bank: BANK });
      warm.push(performance.now() - start);
    }
    console.log(`Warm (snapshot current): ${timings(warm, 2)}`);
    console.log(
      `  Blobs requests per choice: ${await counted(() => getDailyChallenge(userId, new Date(nextWindow.getTime() + 120_000), { bank: BANK }))}`,
    );
  } finally {
    await blobs.stop();
  }
}

await main();
