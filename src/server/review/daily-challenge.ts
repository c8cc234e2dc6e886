// The daily challenge (docs/product.md "Daily challenge"; docs/decisions.md "Daily challenge" and "Spaced review"): one question per
// user and 12-hour window (00:00–12:00, 12:00–24:00 on the person's clock, UTC until they set a zone), chosen by that user's review schedule as it stood
// when the window began, so it is the same on every reload and device. A user's first answer in a window
// counts (review-state.ts `countedAnswers`) and updates the card like any other answer, with how sure
// the person said they were.
import type { ChallengeVerdict, CompleteChallengeRequest, DailyChallenge } from '~/shared/api/daily-challenge';
import { dayOf } from '~/shared/review/days';
import type { Card } from '~/shared/review/memory';
import { isDue, recallOn, type Hold } from '~/shared/review/schedule';
import { HttpError } from '~/server/errors';
import { journal } from '~/server/journal/journal';
import { withinRetryWindow } from '~/server/retries';
import { factEventId } from '~/server/storage/keys';
import { getQuestionBank, publicQuestion, type BankQuestion, type QuestionBank } from './question-bank';
import {
  challengeStreakOf,
  journalAnswersAgain,
  loadReviewState,
  recordAnswers,
  type ReviewState,
  type ReviewStateOptions,
} from './review-state';
import { challengeWindow, type ChallengeWindow } from './window';

export interface ChallengeChoice {
  /** The user's cards as of the window start. */
  cards: Readonly<Record<string, Card>>;
  /** Modules in which the user has completed a lesson. */
  studiedModules: readonly number[];
  userId: string;
  window: Pick<ChallengeWindow, 'index' | 'startsAt'>;
  /** A vacation hold: nothing is due while it lasts. */
  hold?: Hold | null;
}

/** New questions a day: once this many were first answered today, the challenge brings no other new one. */
const NEW_QUESTIONS_PER_DAY = 5;

/** A 32-bit FNV-1a hash: a per-user, per-window position that every server computes alike. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return value;
}

/** Newest content first: later quizzes first, then authored order (content dates, when they exist, can refine it). */
const newestFirst = (a: BankQuestion, b: BankQuestion) => b.quiz.id - a.quiz.id || a.order - b.order;

/**
 * The question of a window for one user, in this order: their due card with the lowest predicted recall
 * (ties: bank order); else, while fewer than NEW_QUESTIONS_PER_DAY questions were first answered today, new
 * material: a question they have never answered from a module in which they completed a lesson, newest
 * content first, else any question they have never answered (a per-user, per-window draw, so two newcomers
 * differ); else the card with the lowest predicted recall; else any. Null only for an empty bank.
 */
export function pickChallengeQuestion(bank: Pick<QuestionBank, 'questions'>, choice: ChallengeChoice): BankQuestion | null {
  const { cards, window } = choice;
  const hold = choice.hold ?? null;
  const today = dayOf(window.startsAt);
  const seen = bank.questions.filter((item) => cards[item.key] !== undefined);
  const recall = (item: BankQuestion) => recallOn(cards[item.key]!, today, hold);
  const byRecall = (a: BankQuestion, b: BankQuestion) => recall(a) - recall(b) || a.order - b.order;
  const due = seen.filter((item) => isDue(cards[item.key]!, today, hold)).sort(byRecall);
  if (due[0]) return due[0];
  const draw = (items: readonly BankQuestion[]) => items[hash(`${choice.userId}:${window.index}`) % items.length] ?? null;
  const newToday = Object.values(cards).filter((card) => card.first === today).length;
  if (newToday < NEW_QUESTIONS_PER_DAY) {
    const studied = new Set(choice.studiedModules);
    const unseen = bank.questions.filter((item) => cards[item.key] === undefined);
    const fromStudied = unseen.filter((item) => item.lesson !== null && studied.has(item.lesson.moduleId)).sort(newestFirst);
    if (fromStudied[0]) return fromStudied[0];
    if (unseen.length > 0) return draw(unseen);
  }
  return seen.sort(byRecall)[0] ?? draw(bank.questions);
}

function verdictFor(question: BankQuestion['question'], correct: boolean): ChallengeVerdict {
  return {
    correct,
    correctOptionId: question.options.find((option) => option.isCorrect)?.id ?? '',
    explanation: question.explanation,
  };
}

export interface CurrentChallenge {
  window: ChallengeWindow;
  pick: BankQuestion;
  /** The user's counted answer in this window, if its event is stored. */
  answer: { questionKey: string; optionId: string; correct: boolean } | null;
}

/** The user's challenge of the window holding `now`, from their loaded review state. */
export async function currentChallenge(
  userId: string,
  state: ReviewState,
  now: Date,
  bank: Pick<QuestionBank, 'questions'> | null = null,
): Promise<CurrentChallenge> {
  const window = challengeWindow(now, state.timeZone);
  bank ??= await getQuestionBank();
  const counted = state.challengeAnswer;
  // Once answered, the window's question is the one answered (a change of time zone moves the window
  // and could draw another).
  const answered = counted && bank.questions.find((item) => item.key === `${counted.quizId}:${counted.questionId}`);
  const pick =
    answered ||
    pickChallengeQuestion(bank, {
      cards: state.cardsAtWindowStart,
      studiedModules: state.studiedModules,
      userId,
      window,
      hold: state.hold,
    });
  if (!pick) throw new HttpError(404, 'No daily challenge available');
  const answer = counted
    ? { questionKey: `${counted.quizId}:${counted.questionId}`, optionId: counted.optionId, correct: counted.correct }
    : null;
  return { window, pick, answer };
}

/** GET /api/daily-challenge from a loaded state (the home page shares that load with the mastery figures). */
export async function dailyChallengeFromState(
  userId: string,
  state: ReviewState,
  now: Date,
  bank: Pick<QuestionBank, 'questions'> | null = null,
): Promise<DailyChallenge> {
  const { window, pick, answer } = await currentChallenge(userId, state, now, bank);
  const { id, quizTitle, text, options } = publicQuestion(pick, userId);
  return {
    id,
    quizTitle,
    text,
    options,
    nextRefreshHours: window.nextRefreshHours,
    streak: challengeStreakOf(state, now),
    answer: answer && answer.questionKey === pick.key ? { answerId: answer.optionId, ...verdictFor(pick.question, answer.correct) } : null,
  };
}

/** GET /api/daily-challenge: the user's question of the window without its answer key, their streak and counted answer. */
export async function getDailyChallenge(
  userId: string,
  now: Date = new Date(),
  options: ReviewStateOptions & { bank?: Pick<QuestionBank, 'questions' | 'materialRevisions'> } = {},
): Promise<DailyChallenge> {
  return dailyChallengeFromState(userId, await loadReviewState(userId, now, options), now, options.bank ?? null);
}

/**
 * POST /api/daily-challenge/complete: 400 unless questionId is the user's current challenge and answerId one
 * of its options. The first answer in the window is stored and counts (and updates the card, once); any
 * later one gets that verdict. A `correct` claimed by the client is never read.
 */
export async function completeDailyChallenge(
  userId: string,
  input: CompleteChallengeRequest,
  now: Date = new Date(),
  /** Read already (beside the session check); loaded here when left out. */
  loaded?: ReviewState,
  options: ReviewStateOptions & { bank?: Pick<QuestionBank, 'questions' | 'materialRevisions'> } = {},
): Promise<ChallengeVerdict> {
  const state = loaded ?? (await loadReviewState(userId, now, options));
  const { window, pick, answer } = await currentChallenge(userId, state, now, options.bank ?? null);
  const counted = answer && answer.questionKey === pick.key ? answer : null;
  if (input.questionId !== pick.key) throw new HttpError(400, 'questionId: not the current daily challenge');
  const option = pick.question.options.find((candidate) => candidate.id === input.answerId);
  if (!option) throw new HttpError(400, 'answerId: not an option of this question');
  if (counted) {
    // Answered before in this window: that answer counts, and nothing new is stored. Within the retry window
    // its journal entries are written again under their keys (a no-op when they exist), which completes an
    // answer whose journal write failed (503) after the answer was stored.
    const first = state.challengeAnswer!;
    if (withinRetryWindow(first.at, now)) {
      await Promise.all([
        journal.add(userId, { kind: 'challenge', windowId: window.id, recordedAt: first.at.toISOString() }, first.id),
        journalAnswersAgain(userId, [first]),
      ]);
    }
    return verdictFor(pick.question, counted.correct);
  }
  // One round trip: the answer event of the review schedule with its journal entry, and the challenge's
  // journal entry, all under one id derived from the person and the window. Two tabs answering at the same
  // moment may both store an answer; the first one counts, for the schedule and for this call on a later try
  // (review-state.ts `countedAnswers`, the one owner of that rule), and for the team figures, once.
  const id = factEventId(now, 'challenge', userId, window.id);
  const given = {
    quizId: pick.quiz.id,
    questionId: pick.question.id,
    optionId: option.id,
    correct: option.isCorrect,
    confidence: input.confidence ?? null,
    revision: pick.revision,
    materialRevision: pick.materialRevision,
  };
  await Promise.all([
    journal.add(userId, { kind: 'challenge', windowId: window.id, recordedAt: now.toISOString() }, id),
    recordAnswers(userId, [given], 'challenge', now, [id]),
  ]);
  return verdictFor(pick.question, option.isCorrect);
}
