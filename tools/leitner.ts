/**
 * The Leitner schedule the site used before the memory model (docs/decisions.md "Memory model"), kept for
 * `npm run bench:memory` only, which compares the two: five boxes whose intervals are 1, 3, 7, 16 and 35
 * days. Pure functions over whole UTC days, no storage, no content: a card is the fold of a user's answers
 * to one question, oldest first.
 *
 * - A question answered for the first time is graded as a review of box 1: right → box 2, wrong → box 1.
 * - A due card answered right moves up one box; right in box 5 (the longest interval) it is mastered and
 *   retires (never due again).
 * - Any wrong answer sends the card back to box 1 (a mastered one too: it was forgotten).
 * - A right answer before the card is due (a quiz taken again the same week) changes neither box nor due
 *   date: cramming does not promote.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Days until the next review after landing in box 1…5. */
const INTERVAL_DAYS = [1, 3, 7, 16, 35] as const;
const LAST_BOX = INTERVAL_DAYS.length;
/** The box of a mastered (retired) card. */
export const MASTERED_BOX = LAST_BOX + 1;
/** Mastery counts cards in this box or above (the third interval, 7 days), mastered ones included. */
const MASTERY_BOX = 3;

export interface Card {
  /** 1…5, or MASTERED_BOX. */
  box: number;
  /** Whole UTC day (days since 1970-01-01) from which the card is due; meaningless once mastered. */
  due: number;
  /** Day of the latest answer. */
  last: number;
  /** Answers folded into the card. */
  reviews: number;
  /** Wrong answers among them. */
  lapses: number;
}

/** The whole UTC day of an instant (days since 1970-01-01). */
export const dayOf = (at: Date | number): number => Math.floor((typeof at === 'number' ? at : at.getTime()) / DAY_MS);

/** Midnight UTC starting a day. */
export const startOfDay = (day: number): Date => new Date(day * DAY_MS);

const intervalOf = (box: number): number => INTERVAL_DAYS[Math.min(Math.max(box, 1), LAST_BOX) - 1]!;

export const isMastered = (card: Pick<Card, 'box'>): boolean => card.box >= MASTERED_BOX;

/** Due on `day`: not mastered and its due day has come. */
export const isDue = (card: Pick<Card, 'box' | 'due'>, day: number): boolean => !isMastered(card) && card.due <= day;

/** The card after one answer given on `day`. */
export function applyAnswer(card: Card | null, correct: boolean, day: number): Card {
  const reviews = (card?.reviews ?? 0) + 1;
  const lapses = (card?.lapses ?? 0) + (correct ? 0 : 1);
  if (!correct) return { box: 1, due: day + intervalOf(1), last: day, reviews, lapses };
  if (card === null) return { box: 2, due: day + intervalOf(2), last: day, reviews, lapses };
  if (isMastered(card) || card.due > day) return { ...card, last: day, reviews, lapses };
  const box = card.box + 1;
  if (box > LAST_BOX) return { box: MASTERED_BOX, due: card.due, last: day, reviews, lapses };
  return { box, due: day + intervalOf(box), last: day, reviews, lapses };
}

export interface Answer {
  /** "{quizId}:{questionId}". */
  questionKey: string;
  correct: boolean;
  /** Epoch milliseconds. */
  at: number;
}

/** Folds answers (in any order; applied oldest first) into cards by question key. */
export function foldAnswers(cards: Readonly<Record<string, Card>>, answers: readonly Answer[]): Record<string, Card> {
  const next: Record<string, Card> = { ...cards };
  for (const answer of [...answers].sort((a, b) => a.at - b.at)) {
    next[answer.questionKey] = applyAnswer(next[answer.questionKey] ?? null, answer.correct, dayOf(answer.at));
  }
  return next;
}

/** Share of the questions whose card is in the third box or above (or mastered), rounded percent; 0 for none. */
export function masteryPercent(questionKeys: readonly string[], cards: Readonly<Record<string, Pick<Card, 'box'>>>): number {
  if (questionKeys.length === 0) return 0;
  const strong = questionKeys.filter((key) => (cards[key]?.box ?? 0) >= MASTERY_BOX).length;
  return Math.round((100 * strong) / questionKeys.length);
}
