/**
 * Benchmark of the review schedulers (docs/decisions.md "Memory model"): simulated learners answer what the
 * scheduler gives them every day for 90 days, under the memory model the site uses (FSRS-6 through
 * ~/shared/review/memory and ~/shared/review/schedule: lowest predicted recall first, at most 20 due a day) and
 * under the Leitner boxes it used before (tools/leitner.ts: 1, 3, 7, 16 and 35 days, mastered cards retire).
 *
 * The learners forget by a model that is not FSRS's own: exponential decay, recall = exp(-t / s) after t days
 * without a review, where the strength s starts at 15 days × the learner's rate ÷ the question's difficulty,
 * grows on a right answer (more when recall was low: spacing helps; not at all the same day: cramming does
 * not) and falls on a wrong one. A right answer given with recall under 0.75 is "not sure". The random
 * draws are seeded, so a run prints the same figures. It prints figures; it is not a test.
 *
 *   npm run bench:memory [-- --learners 200 --days 90 --questions 70 --seed 1]
 */
import { parseArgs } from 'node:util';
import { DAY_MS } from '~/shared/review/days';
import { applyAnswer, type Card } from '~/shared/review/memory';
import { isDue, recallOn } from '~/shared/review/schedule';
import * as leitner from '~tools/leitner';
import { seededRandom } from '~/shared/seeded-random';

const { values } = parseArgs({
  options: {
    learners: { type: 'string', default: '200' },
    days: { type: 'string', default: '90' },
    questions: { type: 'string', default: '70' },
    seed: { type: 'string', default: '1' },
  },
});
const LEARNERS = Number(values.learners);
const DAYS = Number(values.days);
const QUESTIONS = Number(values.questions);
const DAILY_DUE_CAP = 20;
const START = 20_000; // a UTC day number; only differences matter
/** The simulated strength (days) after a first answer, and the least after a wrong one, for rate 1 and difficulty 1. */
const FIRST_DAYS = 15;
const RELEARNED_DAYS = 8;

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** A normal draw (Box–Muller). */
const normal = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** One learner's memory of one question in the simulated world. */
interface Trace {
  /** Days until recall falls to 1/e. */
  strength: number;
  /** Day of the latest answer. */
  last: number;
}

interface World {
  random: () => number;
  /** Per question: how hard it is (divides the strength). */
  difficulty: number[];
}

const simulatedRecall = (trace: Trace, day: number) => Math.exp(-(day - trace.last) / trace.strength);

/** The learner answers on `day`: right with the simulated recall; the trace learns from it. */
function answer(world: World, trace: Trace, day: number, question: number, rate: number): { correct: boolean; recall: number } {
  const recall = simulatedRecall(trace, day);
  const correct = world.random() < recall;
  const elapsed = day - trace.last;
  if (correct && elapsed >= 1) trace.strength *= 1.6 + 2.4 * (1 - recall);
  if (!correct) trace.strength = Math.max((RELEARNED_DAYS * rate) / world.difficulty[question]!, trace.strength * 0.45);
  trace.last = day;
  return { correct, recall };
}

interface Outcome {
  reviews: number;
  /** Mean simulated recall of all questions at the start of each day, per day. */
  dailyRecall: number[];
  /** Question-days with simulated recall at or above 90 % at the start of the day. */
  keptDays: number;
  /** [predicted, simulated, right] of every scheduled review (the memory model's only). */
  predictions: Array<[number, number, boolean]>;
}

type Scheduler = 'memory' | 'leitner';

/** One learner: every question is met on day 0 (a first answer after its lesson), then what the scheduler gives, daily. */
function simulateLearner(world: World, scheduler: Scheduler, rate: number): Outcome {
  const traces: Trace[] = world.difficulty.map((difficulty) => ({ strength: (FIRST_DAYS * rate) / difficulty, last: START }));
  const memory: Array<Card | null> = traces.map(() => null);
  const boxes: Array<leitner.Card | null> = traces.map(() => null);
  const outcome: Outcome = { reviews: 0, dailyRecall: [], keptDays: 0, predictions: [] };
  const record = (question: number, day: number, correct: boolean, recall: number) => {
    const at = day * DAY_MS + 10 * 60 * 60 * 1000;
    const confidence = correct ? (recall < 0.75 ? 'unsure' : 'sure') : null;
    if (scheduler === 'memory') memory[question] = applyAnswer(memory[question]!, { correct, confidence, at, revision: 1 });
    else boxes[question] = leitner.applyAnswer(boxes[question]!, correct, day);
  };
  for (let question = 0; question < QUESTIONS; question++) {
    const { correct, recall } = answer(world, traces[question]!, START, question, rate);
    record(question, START, correct, recall);
  }
  for (let day = START + 1; day <= START + DAYS; day++) {
    const recalls = traces.map((trace) => simulatedRecall(trace, day));
    outcome.dailyRecall.push(mean(recalls));
    outcome.keptDays += recalls.filter((recall) => recall >= 0.9).length;
    const due =
      scheduler === 'memory'
        ? memory
            .map((card, question) => ({ card: card!, question }))
            .filter(({ card }) => isDue(card, day, null))
            .sort((a, b) => recallOn(a.card, day, null) - recallOn(b.card, day, null))
            .slice(0, DAILY_DUE_CAP)
            .map(({ question }) => question)
        : boxes.flatMap((card, question) => (leitner.isDue(card!, day) ? [question] : []));
    for (const question of due) {
      const predicted = scheduler === 'memory' ? recallOn(memory[question]!, day, null) : 0;
      const { correct, recall } = answer(world, traces[question]!, day, question, rate);
      if (scheduler === 'memory') outcome.predictions.push([predicted, recall, correct]);
      record(question, day, correct, recall);
      outcome.reviews += 1;
    }
  }
  return outcome;
}

function summary(name: string, outcomes: readonly Outcome[]): string {
  const reviews = mean(outcomes.map((outcome) => outcome.reviews));
  const byDay = Array.from({ length: DAYS }, (_, day) => mean(outcomes.map((outcome) => outcome.dailyRecall[day]!)));
  const kept = mean(outcomes.map((outcome) => outcome.keptDays));
  return [
    `${name}:`,
    `  reviews per learner over ${DAYS} days: ${reviews.toFixed(0)} (${(reviews / DAYS).toFixed(1)} a day)`,
    `  mean simulated recall of the ${QUESTIONS} questions: ${(100 * mean(byDay)).toFixed(1)} % (lowest day ${(100 * Math.min(...byDay)).toFixed(1)} %, last day ${(100 * byDay.at(-1)!).toFixed(1)} %)`,
    `  question-days at or above 90 % recall: ${((100 * kept) / (QUESTIONS * DAYS)).toFixed(1)} %`,
    `  reviews per learner to keep 90 % recall: ${((100 * reviews) / kept).toFixed(1)} per 100 question-days at or above 90 %`,
  ].join('\n');
}

/** Predicted against simulated recall, in ten bins of the prediction: RMSE over bins, weighted by their reviews. */
function calibration(outcomes: readonly Outcome[]): string {
  const bins = Array.from({ length: 10 }, () => ({ count: 0, predicted: 0, simulated: 0, right: 0 }));
  for (const [predicted, simulated, right] of outcomes.flatMap((outcome) => outcome.predictions)) {
    const bin = bins[Math.min(9, Math.floor(predicted * 10))]!;
    bin.count += 1;
    bin.predicted += predicted;
    bin.simulated += simulated;
    bin.right += right ? 1 : 0;
  }
  const total = bins.reduce((sum, bin) => sum + bin.count, 0);
  const rmse = (observed: (bin: (typeof bins)[number]) => number) =>
    Math.sqrt(
      bins.reduce((sum, bin) => sum + (bin.count === 0 ? 0 : bin.count * (bin.predicted / bin.count - observed(bin) / bin.count) ** 2), 0) /
        total,
    );
  const rows = bins
    .map((bin, index) => ({ bin, index }))
    .filter(({ bin }) => bin.count > 0)
    .map(
      ({ bin, index }) =>
        `  ${(index / 10).toFixed(1)}–${((index + 1) / 10).toFixed(1)}: ${String(bin.count).padStart(7)} reviews, predicted ${(bin.predicted / bin.count).toFixed(3)}, simulated ${(bin.simulated / bin.count).toFixed(3)}, answered right ${(bin.right / bin.count).toFixed(3)}`,
    );
  return [
    `Calibration of the memory model's predicted recall at each scheduled review (${total} reviews, 10 bins of the prediction):`,
    ...rows,
    `  RMSE over the bins, weighted by reviews: ${rmse((bin) => bin.simulated).toFixed(3)} against the simulated recall, ${rmse((bin) => bin.right).toFixed(3)} against the answers`,
  ].join('\n');
}

function main(): void {
  const seed = Number(values.seed);
  const setup = seededRandom(seed);
  // Question difficulty from 0.6 to 2.0; learner rates log-normal around 1 (σ 0.35).
  const difficulty = Array.from({ length: QUESTIONS }, () => 0.6 + 1.4 * setup());
  const rates = Array.from({ length: LEARNERS }, () => Math.exp(0.35 * normal(setup)));
  console.log(
    `${LEARNERS} simulated learners, ${QUESTIONS} questions, ${DAYS} days, seed ${seed}. Forgetting model (not FSRS's): recall = exp(-t / s), ` +
      `s = ${FIRST_DAYS} days × learner rate ÷ question difficulty at first, × (1.6 + 2.4 × (1 − recall)) after a right answer a day or more later, ` +
      `× 0.45 (at least ${RELEARNED_DAYS} days × rate ÷ difficulty) after a wrong one; difficulty uniform 0.6–2.0, rate log-normal (σ 0.35).`,
  );
  const run = (scheduler: Scheduler) => {
    const world: World = { random: seededRandom(seed * 7919 + (scheduler === 'memory' ? 1 : 2)), difficulty };
    return rates.map((rate) => simulateLearner(world, scheduler, rate));
  };
  const memory = run('memory');
  const boxes = run('leitner');
  console.log(summary('Memory model (FSRS-6, retention 0.9, at most 20 due a day)', memory));
  console.log(summary('Leitner (1, 3, 7, 16, 35 days; mastered cards retire)', boxes));
  console.log(calibration(memory));
}

main();
