/**
 * What a card means on a given day (docs/product.md "Spaced review (/review)"): due or not, its predicted
 * recall, mastery, "likely to forget soon", and a vacation hold. Pure functions over ./memory's cards and
 * whole UTC days.
 *
 * A vacation hold is given as its last day (`holdUntil`, from the person's preferences). It covers the days
 * from the day after the person's last answer before it through that day: while it lasts nothing falls
 * due, and afterwards the cards answered before it are due its length later, their predicted recall
 * paused over it. A backlog is spread by the review service (at most 20 due a day).
 */
import { recallAfter, type Card } from './memory';

export interface Hold {
  /** The first day of the hold: the day after the last answer before its end. */
  from: number;
  /** Its last day. */
  until: number;
}

/** The hold ending on `holdUntil`, from the days with an answer; null without one. */
export function resolveHold(holdUntil: number | null, answerDays: Iterable<number>): Hold | null {
  if (holdUntil === null) return null;
  let lastBefore = -Infinity;
  for (const day of answerDays) if (day <= holdUntil && day > lastBefore) lastBefore = day;
  return { from: Number.isFinite(lastBefore) ? Math.min(lastBefore + 1, holdUntil) : holdUntil, until: holdUntil };
}

const holdLength = (hold: Hold) => hold.until - hold.from + 1;

/** Days of the hold that have passed by `day` and count for a card last answered on `last`. */
function pausedDays(last: number, day: number, hold: Hold | null): number {
  if (hold === null || last >= hold.from) return 0;
  return Math.max(0, Math.min(day, hold.until) - hold.from + 1);
}

/** The day the card is due, the hold's length later when it was last answered before the hold. */
export function dueDay(card: Pick<Card, 'due' | 'last'>, hold: Hold | null): number {
  return hold !== null && card.last < hold.from ? card.due + holdLength(hold) : card.due;
}

/** Due on `day`: its due day has come, and no hold is running. */
export function isDue(card: Pick<Card, 'due' | 'last'>, day: number, hold: Hold | null): boolean {
  if (hold !== null && day <= hold.until) return false;
  return dueDay(card, hold) <= day;
}

/** The predicted probability of answering the card right on `day` (0 for a card reset by a material change). */
export function recallOn(card: Card, day: number, hold: Hold | null): number {
  return recallAfter(card, day - card.last - pausedDays(card.last, day, hold));
}

/** Recall shown to people and the API: 0–1, two decimals. */
export const roundRecall = (recall: number): number => Math.round(recall * 100) / 100;

/** "Likely to forget soon": predicted recall under this within FORGET_SOON_DAYS. */
const FORGET_SOON_RECALL = 0.8;
const FORGET_SOON_DAYS = 7;

/** The first day from `today` on whose predicted recall is under FORGET_SOON_RECALL, if it comes within FORGET_SOON_DAYS. */
export function forgetSoonDay(card: Card, today: number, hold: Hold | null): number | null {
  for (let day = today; day <= today + FORGET_SOON_DAYS; day++) {
    if (recallOn(card, day, hold) < FORGET_SOON_RECALL) return day;
  }
  return null;
}

/** Mastery: predicted recall at least MASTERY_RECALL this many days from now. */
const MASTERY_DAYS = 21;
const MASTERY_RECALL = 0.9;

/** The one-line definition shown beside every mastery figure (docs/product.md "Spaced review (/review)"). */
export const MASTERY_DEFINITION = 'Mastery: the share of the questions whose predicted recall 21 days from now is at least 90%.';

/** The one-line definition shown beside predicted recall. */
export const RECALL_DEFINITION =
  'Predicted recall: the chance of answering a question right today, estimated from your answers so far and the time since.';

/** A question counts towards mastery on `today`. */
export const isMastered = (card: Card | undefined, today: number, hold: Hold | null): boolean =>
  card !== undefined && recallOn(card, today + MASTERY_DAYS, hold) >= MASTERY_RECALL;

/** Share of the questions at mastery, rounded percent; 0 for none. */
export function masteryPercent(
  questionKeys: readonly string[],
  cards: Readonly<Record<string, Card>>,
  today: number,
  hold: Hold | null,
): number {
  if (questionKeys.length === 0) return 0;
  const strong = questionKeys.filter((key) => isMastered(cards[key], today, hold)).length;
  return Math.round((100 * strong) / questionKeys.length);
}

/** Average predicted recall today over the questions answered, rounded percent; null when none was. */
export function recallPercent(
  questionKeys: readonly string[],
  cards: Readonly<Record<string, Card>>,
  today: number,
  hold: Hold | null,
): number | null {
  const answered = questionKeys.flatMap((key) => (cards[key] ? [recallOn(cards[key], today, hold)] : []));
  if (answered.length === 0) return null;
  return Math.round((100 * answered.reduce((sum, recall) => sum + recall, 0)) / answered.length);
}
