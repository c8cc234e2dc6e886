// A module's placement check (docs/product.md "Placement check (/modules/{id}/placement)"; docs/decisions.md "Placement checks"): questions
// drawn from the quiz bank of the module's lessons, graded here; a pass completes the lessons it covered
// ("tested out", journaled for the team figures), every answer goes on the review schedule, and the next
// try opens 24 hours after a submission.
import { createHash } from 'node:crypto';
import type { PlacementAnswers, PlacementCheck, PlacementResult } from '~/shared/api/placement';
import type { Module } from '~/server/content/learning';
import { HttpError } from '~/server/errors';
import { inBackground } from '~/server/background';
import { journal } from '~/server/journal/journal';
import { factEventId } from '~/server/storage/keys';
import { placement, type PlacementTries, type StoredPlacementResult } from './storage/placement';
import { currentChallenge } from '../review/daily-challenge';
import { getQuestionBank, type BankQuestion, type QuestionBank } from '../review/question-bank';
import { loadReviewState, recordAnswers, type ReviewState } from '../review/review-state';
import { orderOptions } from './option-order';
import { progressReads, recordLessonCompletions, requireModule, type CompletionReads } from './progress';

/** How long after a submitted check the next one opens. */
export const PLACEMENT_WAIT_MS = 24 * 60 * 60 * 1000;
/** Questions drawn per lesson (fewer when its bank has fewer). */
const PER_LESSON = 2;

type Bank = Pick<QuestionBank, 'byKey' | 'byModule'>;
type PlacementModule = Pick<Module, 'id' | 'lessons'>;

const rank = (seed: string, key: string) => createHash('sha256').update(`${seed}\u0000${key}`).digest('hex');

/**
 * The questions of one try, lesson by lesson in module order: up to two per lesson that the bank teaches,
 * in an order of the person, module and try, questions of the previous try last, never `exclude` (the
 * daily challenge's current question).
 */
export function drawPlacement(
  module: PlacementModule,
  bank: Bank,
  draw: { userId: string; attempt: number; previous: ReadonlySet<string>; exclude: string | null },
): BankQuestion[] {
  const seed = `${draw.userId}\u0000${module.id}\u0000${draw.attempt}`;
  const candidates = (bank.byModule.get(module.id) ?? []).flatMap((key) => {
    const item = bank.byKey.get(key);
    return item?.lesson && key !== draw.exclude ? [{ item, seen: draw.previous.has(key) ? 1 : 0, rank: rank(seed, key) }] : [];
  });
  return module.lessons.flatMap((lesson) =>
    candidates
      .filter(({ item }) => item.lesson!.id === lesson.id)
      .sort((a, b) => a.seen - b.seen || (a.rank < b.rank ? -1 : 1))
      .slice(0, PER_LESSON)
      .map(({ item }) => item),
  );
}

/** The lessons a draw covers, in module order: those its questions name, and quiz lessons whose quiz gave one. */
export function coveredLessons(module: PlacementModule, drawn: readonly BankQuestion[]): Array<{ id: number; questions: string[] }> {
  return module.lessons.flatMap((lesson) => {
    const questions = drawn.filter((item) => item.lesson?.id === lesson.id || (lesson.type === 'quiz' && item.quiz.id === lesson.quizId));
    return questions.length > 0 ? [{ id: lesson.id, questions: questions.map((item) => item.key) }] : [];
  });
}

export interface PlacementGrading extends PlacementResult {
  /** The answers given, each graded. */
  answered: Array<{ item: BankQuestion; optionId: string; correct: boolean }>;
}

/**
 * Grades a try: score = round(100 × right / drawn), a question left out counting as wrong; passed at the
 * threshold or above. Passed, every covered lesson is known; failed, a lesson is known when every question
 * on it was answered right (the others are the ones to study). 400 for a question not drawn, answered
 * twice, or an option not of its question.
 */
export function gradePlacement(
  module: PlacementModule,
  drawn: readonly BankQuestion[],
  answers: PlacementAnswers['answers'],
  threshold: number,
): PlacementGrading {
  const byKey = new Map(drawn.map((item) => [item.key, item]));
  const answered: PlacementGrading['answered'] = [];
  for (const [index, answer] of answers.entries()) {
    const item = byKey.get(answer.questionId);
    if (!item) throw new HttpError(400, `answers.${index}.questionId: "${answer.questionId}" is not a question of this placement check`);
    if (answered.some((done) => done.item.key === item.key)) {
      throw new HttpError(400, `answers.${index}.questionId: "${answer.questionId}" is answered twice`);
    }
    const option = item.question.options.find((candidate) => candidate.id === answer.optionId);
    if (!option) throw new HttpError(400, `answers.${index}.optionId: unknown option "${answer.optionId}" for "${answer.questionId}"`);
    answered.push({ item, optionId: option.id, correct: option.isCorrect });
  }
  const right = new Set(answered.filter((answer) => answer.correct).map((answer) => answer.item.key));
  const score = drawn.length === 0 ? 0 : Math.round((100 * right.size) / drawn.length);
  const passed = drawn.length > 0 && score >= threshold;
  const lessons = coveredLessons(module, drawn).map(({ id, questions }) => ({
    id,
    known: passed || questions.every((key) => right.has(key)),
  }));
  return { passed, score, threshold, lessons, answered };
}

/** What a check reads beside the session check, in one round trip: the module's tries (the open one and the results), the review state and, to submit, the completions. */
export interface PlacementReads {
  module: Module;
  tries: PlacementTries;
  /** The last submitted try. */
  last: StoredPlacementResult | null;
  state: ReviewState;
  completions: CompletionReads | null;
}

export async function placementReads(userId: string, moduleId: number, now: Date, submitting: boolean): Promise<PlacementReads> {
  const tries = placement.read(userId, moduleId);
  const state = loadReviewState(userId, now);
  for (const read of [tries, state]) read.catch(() => undefined); // awaited below unless the module is unknown
  const module = await requireModule(moduleId);
  const [read, review, completions] = await Promise.all([
    tries,
    state,
    submitting
      ? progressReads(
          userId,
          module.id,
          module.lessons.map((lesson) => lesson.id),
        )
      : null,
  ]);
  return { module, tries: read, last: read.results.at(-1) ?? null, state: review, completions };
}

/** When the next try opens: 24 hours after the last submission (null: it is open). */
export function placementOpensAt(last: Pick<StoredPlacementResult, 'submittedAt'> | null, now: Date): Date | null {
  if (!last) return null;
  const opens = new Date(Date.parse(last.submittedAt) + PLACEMENT_WAIT_MS);
  return opens > now ? opens : null;
}

function refuseUntilOpen(reads: PlacementReads, now: Date): void {
  const opens = placementOpensAt(reads.last, now);
  if (!opens) return;
  const seconds = Math.ceil((opens.getTime() - now.getTime()) / 1000);
  throw new HttpError(429, `One placement check a day: this module's opens again at ${opens.toISOString()}.`, {
    'Retry-After': String(seconds),
  });
}

/** The questions of the open try: as drawn when it started, else drawn now (`fresh`: not kept yet). */
async function openTry(
  userId: string,
  reads: PlacementReads,
  now: Date,
): Promise<{ attempt: number; drawn: BankQuestion[]; fresh: boolean }> {
  const bank = await getQuestionBank();
  const attempt = reads.tries.results.length + 1;
  if (reads.tries.open) return { attempt, drawn: reads.tries.open.questions.flatMap((key) => bank.byKey.get(key) ?? []), fresh: false };
  const challenge = await currentChallenge(userId, reads.state, now, bank).catch(() => null);
  const drawn = drawPlacement(reads.module, bank, {
    userId,
    attempt,
    previous: new Set(reads.last?.questions ?? []),
    exclude: challenge?.pick.key ?? null,
  });
  if (drawn.length === 0) throw new HttpError(404, 'This module has no placement check');
  return { attempt, drawn, fresh: true };
}

/** GET /api/modules/{id}/placement: the open try's questions, without keys; 429 within 24 hours of the last submission. */
export async function startPlacement(userId: string, reads: PlacementReads, now: Date): Promise<PlacementCheck> {
  refuseUntilOpen(reads, now);
  const { drawn, fresh } = await openTry(userId, reads, now);
  if (fresh) {
    // Kept after the answer: if another tab wrote first, its drawing (the same questions) or result stands.
    const open = { startedAt: now.toISOString(), questions: drawn.map((item) => item.key) };
    inBackground('placement draw', () => placement.write(userId, reads.module.id, { open, results: reads.tries.results }, reads.tries));
  }
  return {
    questions: drawn.map((item) => ({
      id: item.key,
      lessonId: item.lesson!.id,
      question: item.question.text,
      options: orderOptions(userId, item.key, item.question.options).map(({ id, text }) => ({ id, text })),
    })),
  };
}

/**
 * POST /api/modules/{id}/placement: grades the open try and stores its result; every answer goes on the
 * review schedule; a pass completes the covered lessons not done yet, each journaled as tested out. One
 * round trip of writes (the result only if the tries are unchanged since read, and the answers), then a pass's
 * completions, keyed by the try, so a repeat stores nothing twice.
 */
export async function submitPlacement(userId: string, body: PlacementAnswers, reads: PlacementReads, now: Date): Promise<PlacementResult> {
  refuseUntilOpen(reads, now);
  const { module } = reads;
  const { attempt, drawn } = await openTry(userId, reads, now);
  const { answered, ...result } = gradePlacement(module, drawn, body.answers, module.placementPass);
  const done = new Set(reads.completions?.completed ?? []);
  const testedOut = result.passed ? result.lessons.map((lesson) => lesson.id).filter((id) => !done.has(id)) : [];
  const at = now.toISOString();
  await Promise.all([
    storeResult(userId, module.id, { submittedAt: at, questions: drawn.map((item) => item.key), ...result, testedOut }, reads.tries),
    recordAnswers(
      userId,
      answered.map(({ item, optionId, correct }) => ({
        quizId: item.quiz.id,
        questionId: item.question.id,
        optionId,
        correct,
        confidence: null,
        revision: item.revision,
        materialRevision: item.materialRevision,
      })),
      'quiz',
      now,
      answered.map(({ item }) => factEventId(now, 'placement', userId, module.id, attempt, item.key)),
    ),
  ]);
  // Only once this try's result is the one stored: a try refused for another tab's completes nothing.
  if (testedOut.length > 0) {
    await Promise.all([
      recordLessonCompletions(userId, module, testedOut, { now, ...(reads.completions ? { reads: reads.completions } : {}) }),
      ...testedOut.map((lessonId) =>
        journal.add(
          userId,
          { kind: 'tested', moduleId: module.id, lessonId, recordedAt: at },
          factEventId(now, 'tested', userId, module.id, lessonId),
        ),
      ),
    ]);
  }
  return result;
}

const SUBMITTED_ELSEWHERE = 'This placement check was submitted in another tab: reload the page to see its result.';

/**
 * Stores a try's result if the person's checks are unchanged since read. Changed meanwhile by the try's own
 * drawing (kept after the answer that showed the questions): read again and stored on top of it. Changed by
 * another submission: 409, and the first result stands.
 */
async function storeResult(userId: string, moduleId: number, result: StoredPlacementResult, read: PlacementTries): Promise<void> {
  let current = read;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await placement.write(userId, moduleId, { open: null, results: [...current.results, result] }, current)) return;
    current = await placement.read(userId, moduleId);
    if (current.results.length > read.results.length) throw new HttpError(409, SUBMITTED_ELSEWHERE);
  }
  throw new HttpError(409, SUBMITTED_ELSEWHERE);
}

/** What the module page shows of a person's placement checks. */
export interface PlacementOverview {
  /** When the next try opens (null: open now). */
  opensAt: string | null;
  /** The last submitted try. */
  last: PlacementResult | null;
  /** The module's lessons a pass completed. */
  testedOut: number[];
}

/** The module page's part: one round trip. */
export async function placementOverview(userId: string, moduleId: number, now: Date): Promise<PlacementOverview> {
  const { results } = await placement.read(userId, moduleId);
  const last = results.at(-1) ?? null;
  return {
    opensAt: placementOpensAt(last, now)?.toISOString() ?? null,
    last: last && { passed: last.passed, score: last.score, threshold: last.threshold, lessons: last.lessons },
    testedOut: [...new Set(results.flatMap((result) => result.testedOut))],
  };
}
