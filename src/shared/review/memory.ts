/**
 * The memory model behind spaced review (docs/decisions.md "Memory model"): FSRS-6 through `ts-fsrs`, with
 * its default parameters and a desired retention of 0.9. Fuzz is off and so are same-day learning steps,
 * so a card is a deterministic fold of its answers and every interval is a whole number of UTC days.
 * Pure: no storage, no content. What a card means for today (due, recall, mastery, a hold) is ./schedule.
 *
 * Grades: a wrong answer is Again; right and "not sure" is Hard; right and "sure" (or no choice) is Good.
 * A card remembers the material revision of its question (content/README.md "Revisions"): an answer on a
 * later material revision starts the card afresh, one on an earlier one (a server still on older content)
 * changes nothing.
 */
import { createEmptyCard, forgetting_curve, fsrs, Rating, State, type Card as FsrsCard, type Grade } from 'ts-fsrs';
import { dayOf, startOfDay } from './days';

const DESIRED_RETENTION = 0.9;

const scheduler = fsrs({ request_retention: DESIRED_RETENTION, enable_fuzz: false, enable_short_term: false });

/** The parameters (FSRS-6 defaults): what predicted recall is computed with. */
const WEIGHTS = scheduler.parameters.w;

/** How sure a person said they were of an answer; null when they did not say. */
export type Confidence = 'sure' | 'unsure';

export interface Card {
  /** FSRS stability: days until recall falls to 90 %. 0 for a card with no answer on its revision yet. */
  stability: number;
  /** FSRS difficulty (1–10). */
  difficulty: number;
  /** Answers folded into the card since it (re)started; 0 after a material change reset it. */
  reps: number;
  /** Wrong answers among them. */
  lapses: number;
  /** Day of the latest answer (for a reset card: of the latest answer before the change). */
  last: number;
  /** Day from which the card is due. */
  due: number;
  /** Day of the first answer ever given to the question (the challenge's "new today"). */
  first: number;
  /** The question's material revision the card's answers were given on. */
  revision: number;
}

export interface Answer {
  /** "{quizId}:{questionId}". */
  questionKey: string;
  correct: boolean;
  confidence: Confidence | null;
  /** Epoch milliseconds. */
  at: number;
  /** The question's material revision when it was answered (1 for answers recorded before revisions). */
  revision: number;
}

export function gradeOf(correct: boolean, confidence: Confidence | null): Grade {
  if (!correct) return Rating.Again;
  return confidence === 'unsure' ? Rating.Hard : Rating.Good;
}

/** A card as ts-fsrs takes it. Only the day of the last answer matters to it (elapsed days are UTC days). */
function toFsrsCard(card: Card): FsrsCard {
  if (card.reps === 0) return createEmptyCard(startOfDay(card.last));
  return {
    due: startOfDay(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: 0,
    scheduled_days: card.due - card.last,
    learning_steps: 0,
    reps: card.reps,
    lapses: card.lapses,
    state: State.Review,
    last_review: startOfDay(card.last),
  };
}

/** The card after one answer. */
export function applyAnswer(card: Card | null, answer: Omit<Answer, 'questionKey'>): Card {
  if (card !== null && answer.revision < card.revision) return card;
  const base = card !== null && answer.revision === card.revision ? card : null;
  const at = new Date(answer.at);
  const next = scheduler.next(base ? toFsrsCard(base) : createEmptyCard(at), at, gradeOf(answer.correct, answer.confidence)).card;
  return {
    stability: next.stability,
    difficulty: next.difficulty,
    reps: next.reps,
    lapses: next.lapses,
    last: dayOf(at),
    due: dayOf(next.due),
    first: card?.first ?? dayOf(at),
    revision: answer.revision,
  };
}

/** Folds answers (in any order; applied oldest first) into cards by question key. */
export function foldAnswers(cards: Readonly<Record<string, Card>>, answers: readonly Answer[]): Record<string, Card> {
  const next: Record<string, Card> = { ...cards };
  for (const answer of [...answers].sort((a, b) => a.at - b.at)) {
    next[answer.questionKey] = applyAnswer(next[answer.questionKey] ?? null, answer);
  }
  return next;
}

/**
 * Cards whose question changed materially since their answers (its material revision, by key, is above the
 * card's) start afresh: no answer counts any more, and the card is due at once.
 */
export function resetChangedCards(
  cards: Readonly<Record<string, Card>>,
  materialRevisions: ReadonlyMap<string, number>,
): Record<string, Card> {
  const next: Record<string, Card> = { ...cards };
  for (const [key, revision] of materialRevisions) {
    const card = next[key];
    if (card && card.revision < revision) {
      next[key] = { stability: 0, difficulty: 0, reps: 0, lapses: 0, last: card.last, due: card.last, first: card.first, revision };
    }
  }
  return next;
}

/** The probability of recalling the card's answer after `elapsedDays` without a review (0 for a reset card). */
export function recallAfter(card: Pick<Card, 'stability' | 'reps'>, elapsedDays: number): number {
  if (card.reps === 0 || card.stability <= 0) return 0;
  return forgetting_curve(WEIGHTS, Math.max(0, elapsedDays), card.stability);
}
