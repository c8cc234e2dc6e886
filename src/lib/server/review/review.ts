// The review page (docs/decisions.md "Spaced review"): a user's due cards, the most overdue first, ten a
// session, graded on the server like quizzes; each answer updates the card and is followed by the
// explanation and the lesson that teaches it. The daily challenge's question waits until the challenge is
// answered, so nothing here gives its answer away.
import type { AnswerReviewRequest, ReviewQuestion, ReviewSession, ReviewVerdict } from '~/lib/api/review';
import { applyAnswer, dayOf, isDue, isMastered, startOfDay, type Card } from '~/lib/review/leitner';
import { HttpError } from '~/lib/server/errors';
import { currentChallenge } from './daily-challenge';
import { getQuestionBank, publicQuestion, type BankQuestion, type QuestionBank } from './question-bank';
import { answersCounted, loadReviewState, recordAnswers, type ReviewState } from './review-state';

export const REVIEW_SESSION_SIZE = 10;

interface Schedule {
  due: BankQuestion[];
  heldBack: string | null;
}

/** The user's due cards, most overdue first (ties: lower box, then bank order), less the unanswered challenge. */
async function scheduleOf(userId: string, bank: QuestionBank, state: ReviewState, now: Date): Promise<Schedule> {
  const challenge = await currentChallenge(userId, state, now);
  const heldBack = challenge.answer ? null : challenge.pick.key;
  const today = dayOf(now);
  const card = (item: BankQuestion) => state.cards[item.key]!;
  const due = bank.questions
    .filter((item) => item.key !== heldBack && state.cards[item.key] !== undefined && isDue(card(item), today))
    .sort((a, b) => card(a).due - card(b).due || card(a).box - card(b).box || a.order - b.order);
  return { due, heldBack };
}

/** Midnight UTC of the earliest card not due today (the held-back challenge aside), or null. */
function nextDueAt(cards: Readonly<Record<string, Card>>, today: number, heldBack: string | null): string | null {
  const upcoming = Object.entries(cards)
    .filter(([key, card]) => key !== heldBack && !isMastered(card) && card.due > today)
    .map(([, card]) => card.due);
  return upcoming.length === 0 ? null : startOfDay(Math.min(...upcoming)).toISOString();
}

/** GET /api/review and the /review page: the next session. */
export async function getReviewSession(userId: string, now: Date): Promise<ReviewSession> {
  const [bank, state] = await Promise.all([getQuestionBank(), loadReviewState(userId, now)]);
  const { due, heldBack } = await scheduleOf(userId, bank, state, now);
  return {
    questions: due.slice(0, REVIEW_SESSION_SIZE).map((item) => publicQuestion(item, userId)),
    dueCount: due.length,
    nextDueAt: nextDueAt(state.cards, dayOf(now), heldBack),
    challengePending: heldBack !== null,
    answersCounted: answersCounted(state.cards),
  };
}

/**
 * POST /api/review: 400 naming the field for an unknown question, one not due (or today's unanswered
 * challenge), or an option of another question; nothing is stored then. The grade comes from the content.
 */
export async function answerReview(
  userId: string,
  input: AnswerReviewRequest,
  now: Date,
  /** Read already (beside the session check); loaded here when left out. */
  loaded?: ReviewState,
): Promise<ReviewVerdict> {
  const [bank, state] = await Promise.all([getQuestionBank(), loaded ?? loadReviewState(userId, now)]);
  const item = bank.byKey.get(input.questionId);
  if (!item) throw new HttpError(400, 'questionId: unknown question');
  const { due, heldBack } = await scheduleOf(userId, bank, state, now);
  if (item.key === heldBack) throw new HttpError(400, "questionId: this is today's daily challenge: answer it on the dashboard first");
  if (!due.some((candidate) => candidate.key === item.key)) throw new HttpError(400, 'questionId: not due for review');
  const option = item.question.options.find((candidate) => candidate.id === input.answerId);
  if (!option) throw new HttpError(400, 'answerId: not an option of this question');

  await recordAnswers(
    userId,
    [{ quizId: item.quiz.id, questionId: item.question.id, optionId: option.id, correct: option.isCorrect }],
    'review',
    now,
  );
  const today = dayOf(now);
  const card = applyAnswer(state.cards[item.key] ?? null, option.isCorrect, today);
  const cards = { ...state.cards, [item.key]: card };
  return {
    correct: option.isCorrect,
    correctOptionId: item.question.options.find((candidate) => candidate.isCorrect)?.id ?? '',
    explanation: item.question.explanation,
    lesson: item.lesson ? { title: item.lesson.title, href: item.lesson.href } : null,
    nextReviewAt: isMastered(card) ? null : startOfDay(card.due).toISOString(),
    dueCount: due.length - 1,
    nextDueAt: nextDueAt(cards, today, heldBack),
    challengePending: heldBack !== null,
  };
}

/** A bank question as the browser may see it (no key), or null for an unknown id: what the /review page shows after an answer. */
export async function reviewQuestion(userId: string, questionId: string): Promise<ReviewQuestion | null> {
  const item = (await getQuestionBank()).byKey.get(questionId);
  return item ? publicQuestion(item, userId) : null;
}
