// The review page (docs/product.md "Spaced review (/review)"; docs/decisions.md "Spaced review", "Memory
// model"): a user's due cards, the lowest predicted recall first, ten a session and at most twenty a day
// (a backlog after a hold or an absence is spread over the following days), graded on the server like
// quizzes; each answer updates the card and is followed by the explanation and the lesson that teaches it.
// The daily challenge's question waits until the challenge is answered, so nothing here gives its answer away.
import type { AnswerReviewRequest, ReviewQuestion, ReviewSession, ReviewVerdict } from '~/shared/api/review';
import { dayOf, isoDay, startOfDay } from '~/shared/review/days';
import { applyAnswer, type Card } from '~/shared/review/memory';
import { dueDay, isDue, recallOn, roundRecall, type Hold } from '~/shared/review/schedule';
import { HttpError } from '~/server/errors';
import { currentChallenge } from './daily-challenge';
import { forgettingSoon } from './mastery';
import { getQuestionBank, publicQuestion, type BankQuestion, type QuestionBank } from './question-bank';
import {
  answersCounted,
  journalAnswersAgain,
  loadReviewState,
  recordAnswers,
  type ReviewState,
  type ReviewStateOptions,
} from './review-state';
import { withinRetryWindow } from '~/server/retries';
import { factDigest, factEventId, factIdentity } from '~/server/storage/keys';

export const REVIEW_SESSION_SIZE = 10;
/** At most this many cards fall due a day, answers on /review that day included. */
const DAILY_DUE_CAP = 20;

type Bank = Pick<QuestionBank, 'questions' | 'byKey' | 'materialRevisions'>;

interface Schedule {
  /** Due today within the day's cap, lowest predicted recall first. */
  due: BankQuestion[];
  heldBack: string | null;
}

/** The user's due cards, lowest predicted recall first (ties: bank order), less the unanswered challenge. */
async function scheduleOf(userId: string, bank: Bank, state: ReviewState, now: Date): Promise<Schedule> {
  const challenge = await currentChallenge(userId, state, now, bank);
  const heldBack = challenge.answer ? null : challenge.pick.key;
  const today = dayOf(now);
  const recall = (item: BankQuestion) => recallOn(state.cards[item.key]!, today, state.hold);
  const due = bank.questions
    .filter((item) => item.key !== heldBack && state.cards[item.key] !== undefined && isDue(state.cards[item.key]!, today, state.hold))
    .sort((a, b) => recall(a) - recall(b) || a.order - b.order);
  return { due: due.slice(0, Math.max(0, DAILY_DUE_CAP - state.reviewsToday)), heldBack };
}

/**
 * Midnight UTC of the day the next card not due now falls due (a card held back by today's cap: tomorrow;
 * during a hold: after it), or null. `skip`: the cards due now and the held-back challenge.
 */
function nextDueAt(
  bank: Bank,
  cards: Readonly<Record<string, Card>>,
  today: number,
  hold: Hold | null,
  skip: ReadonlySet<string>,
): string | null {
  const days = bank.questions
    .filter((item) => !skip.has(item.key) && cards[item.key] !== undefined)
    .map((item) => Math.max(dueDay(cards[item.key]!, hold), today + 1, hold === null ? today + 1 : hold.until + 1));
  return days.length === 0 ? null : startOfDay(Math.min(...days)).toISOString();
}

const keysOf = (items: readonly BankQuestion[], heldBack: string | null) =>
  new Set([...items.map((item) => item.key), ...(heldBack ? [heldBack] : [])]);

export interface ReviewOptions extends ReviewStateOptions {
  /** The question bank; the content's when left out. */
  bank?: Bank;
}

/** GET /api/review and the /review page: the next session. */
export async function getReviewSession(userId: string, now: Date, options: ReviewOptions = {}): Promise<ReviewSession> {
  const [bank, state] = await Promise.all([options.bank ?? getQuestionBank(), loadReviewState(userId, now, options)]);
  const { due, heldBack } = await scheduleOf(userId, bank, state, now);
  const today = dayOf(now);
  const skip = keysOf(due, heldBack);
  const shown = due.slice(0, REVIEW_SESSION_SIZE);
  return {
    questions: shown.map((item) => ({
      ...publicQuestion(item, userId),
      recall: roundRecall(recallOn(state.cards[item.key]!, today, state.hold)),
      due: isoDay(Math.min(dueDay(state.cards[item.key]!, state.hold), today)),
    })),
    dueCount: due.length,
    nextDueAt: nextDueAt(bank, state.cards, today, state.hold, skip),
    challengePending: heldBack !== null,
    answersCounted: answersCounted(state.cards),
    forgettingSoon: forgettingSoon(bank, state.cards, today, state.hold, (key) => !skip.has(key)),
  };
}

/** An earlier try of this answer (same Idempotency-Key and question) among the recent answers; 409 when it chose another option. */
function firstTry(userId: string, idempotencyKey: string | null, item: BankQuestion, state: ReviewState, answerId: string) {
  if (idempotencyKey === null) return null;
  const digest = factDigest('review', userId, idempotencyKey, item.key);
  const first = state.recentAnswers.find((answer) => answer.source === 'review' && factIdentity(answer.id) === digest) ?? null;
  if (first && first.optionId !== answerId) throw new HttpError(409, 'Idempotency-Key: already used for another answer');
  return first;
}

/**
 * POST /api/review: 400 naming the field for an unknown question, one not due (or today's unanswered
 * challenge), or an option of another question; nothing is stored then. The grade comes from the content;
 * the confidence, when given, from the person. With an idempotency key (the header, or the /review form's
 * field), the same answer sent again is stored once: a repeat answers the first try's verdict, and one
 * within the retry window completes the first try's journal entry (src/server/retries.ts).
 */
export async function answerReview(
  userId: string,
  input: AnswerReviewRequest,
  now: Date,
  /** Read already (beside the session check); loaded here when left out. */
  loaded?: ReviewState,
  options: ReviewOptions = {},
  idempotencyKey: string | null = null,
): Promise<ReviewVerdict> {
  const [bank, state] = await Promise.all([options.bank ?? getQuestionBank(), loaded ?? loadReviewState(userId, now, options)]);
  const item = bank.byKey.get(input.questionId);
  if (!item) throw new HttpError(400, 'questionId: unknown question');
  const first = firstTry(userId, idempotencyKey, item, state, input.answerId);
  const { due, heldBack } = await scheduleOf(userId, bank, state, now);
  if (!first && item.key === heldBack)
    throw new HttpError(400, "questionId: this is today's daily challenge: answer it on the dashboard first");
  if (!first && !due.some((candidate) => candidate.key === item.key)) throw new HttpError(400, 'questionId: not due for review');
  const option = item.question.options.find((candidate) => candidate.id === input.answerId);
  if (!option) throw new HttpError(400, 'answerId: not an option of this question');
  const answer = {
    quizId: item.quiz.id,
    questionId: item.question.id,
    optionId: option.id,
    correct: option.isCorrect,
    confidence: input.confidence ?? null,
    revision: item.revision,
    materialRevision: item.materialRevision,
  };
  if (first === null) {
    const ids = idempotencyKey === null ? undefined : [factEventId(now, 'review', userId, idempotencyKey, item.key)];
    await recordAnswers(userId, [answer], 'review', now, ids);
  } else if (withinRetryWindow(first.at, now)) await journalAnswersAgain(userId, [first]);
  const today = dayOf(now);
  // A repeat: the first try's answer is in the loaded cards already.
  const card = first
    ? state.cards[item.key]!
    : applyAnswer(state.cards[item.key] ?? null, { ...answer, at: now.getTime(), revision: item.materialRevision });
  const cards = { ...state.cards, [item.key]: card };
  const left = due.filter((candidate) => candidate.key !== item.key);
  return {
    correct: option.isCorrect,
    correctOptionId: item.question.options.find((candidate) => candidate.isCorrect)?.id ?? '',
    explanation: item.question.explanation,
    lesson: item.lesson ? { title: item.lesson.title, href: item.lesson.href } : null,
    nextReviewAt: startOfDay(dueDay(card, state.hold)).toISOString(),
    dueCount: left.length,
    nextDueAt: nextDueAt(bank, cards, today, state.hold, keysOf(left, heldBack)),
    challengePending: heldBack !== null,
  };
}

/** A bank question as the browser may see it (no key), or null for an unknown id: what the /review page shows after an answer. */
export async function reviewQuestion(userId: string, questionId: string): Promise<ReviewQuestion | null> {
  const item = (await getQuestionBank()).byKey.get(questionId);
  return item ? publicQuestion(item, userId) : null;
}

/**
 * What the digest counts as "reviews due": the cards /review would offer today within the day's cap, plus
 * today's challenge question when it is itself a due card (answered on the dashboard, it is a review too).
 */
export async function dueReviewCount(userId: string, state: ReviewState, now: Date, bank?: Bank): Promise<number> {
  const questions = bank ?? (await getQuestionBank());
  const { due, heldBack } = await scheduleOf(userId, questions, state, now);
  const heldCard = heldBack === null ? undefined : state.cards[heldBack];
  const challengeDue = heldCard !== undefined && isDue(heldCard, dayOf(now), state.hold);
  return Math.min(due.length + (challengeDue ? 1 : 0), Math.max(0, DAILY_DUE_CAP - state.reviewsToday));
}

/** One day's reviews as the calendar feed shows them. */
export interface ReviewDay {
  /** The UTC day, YYYY-MM-DD: cards fall due from midnight UTC. */
  date: string;
  count: number;
}

/**
 * The reviews due today (as the digest counts them) and on each of the next `days - 1` days: the cards
 * falling due that day plus what the day before could not take, at most twenty a day. Days with none are left out.
 */
export async function reviewsDueByDay(userId: string, state: ReviewState, now: Date, days: number, given?: Bank): Promise<ReviewDay[]> {
  const bank = given ?? (await getQuestionBank());
  const today = dayOf(now);
  const dueNow = bank.questions.filter((item) => state.cards[item.key] !== undefined && isDue(state.cards[item.key]!, today, state.hold));
  const todayCount = await dueReviewCount(userId, state, now, bank);
  const fallingDue = new Map<number, number>();
  for (const item of bank.questions) {
    const card = state.cards[item.key];
    if (card === undefined || isDue(card, today, state.hold)) continue;
    const day = Math.max(dueDay(card, state.hold), state.hold === null ? today + 1 : state.hold.until + 1);
    fallingDue.set(day, (fallingDue.get(day) ?? 0) + 1);
  }
  const result: ReviewDay[] = todayCount > 0 ? [{ date: isoDay(today), count: todayCount }] : [];
  let backlog = Math.max(0, dueNow.length - todayCount);
  for (let day = today + 1; day < today + days; day++) {
    const waiting = backlog + (fallingDue.get(day) ?? 0);
    const count = Math.min(waiting, DAILY_DUE_CAP);
    backlog = waiting - count;
    if (count > 0) result.push({ date: isoDay(day), count });
  }
  return result;
}
