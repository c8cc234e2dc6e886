// The daily challenge (SPEC §4, §9, docs/decisions.md "Learning data"): one question per 12-hour UTC window
// (00:00–12:00, 12:00–24:00), drawn deterministically from the quiz bank, the same for everybody in a
// window. A user's first answer in a window is the one that counts (storage/challenge-answers is create-only).
import type { ChallengeVerdict, CompleteChallengeRequest, DailyChallenge } from '~/lib/api/daily-challenge';
import { getQuizzes, type Quiz } from '~/lib/content/learning';
import { HttpError } from '~/lib/server/errors';
import { activity } from '~/lib/server/storage/activity';
import { challengeAnswers } from '~/lib/server/storage/challenge-answers';
import { orderOptions } from './option-order';

const WINDOW_HOURS = 12;
const WINDOW_MS = WINDOW_HOURS * 60 * 60 * 1000;

export interface ChallengeWindow {
  /** Windows since 1970-01-01T00:00Z; the Unix epoch is midnight UTC, so windows start at 00:00 and 12:00 UTC. */
  index: number;
  /** Key-safe id such as "2026-11-23T12". */
  id: string;
  startsAt: Date;
  endsAt: Date;
  /**
   * Hours until the next window, one decimal, as a string. Rounded UP to the tenth so it reads "12.0" at
   * the start of a window and "0.1" in its last six minutes, never "0.0" (which the spec reads as unknown).
   */
  nextRefreshHours: string;
}

/** Pure window maths for an instant. */
export function challengeWindow(now: Date): ChallengeWindow {
  const time = now.getTime();
  if (!Number.isFinite(time)) throw new RangeError('challengeWindow: invalid date');
  const index = Math.floor(time / WINDOW_MS);
  const startsAt = new Date(index * WINDOW_MS);
  const endsAt = new Date((index + 1) * WINDOW_MS);
  const tenths = Math.ceil((endsAt.getTime() - time) / (WINDOW_MS / WINDOW_HOURS / 10));
  return {
    index,
    id: startsAt.toISOString().slice(0, 13),
    startsAt,
    endsAt,
    nextRefreshHours: (tenths / 10).toFixed(1),
  };
}

export interface ChallengeQuestion {
  /** "{quizId}:{questionId}": question ids are unique only within their quiz. */
  id: string;
  quiz: Pick<Quiz, 'id' | 'title'>;
  question: Quiz['questions'][number];
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The question of a window: the bank (quizzes by id, questions in authored order) walked with a stride
 * coprime to its size, so consecutive windows differ and every question comes round once per cycle.
 */
export function pickChallengeQuestion(quizzes: readonly Quiz[], windowIndex: number): ChallengeQuestion | null {
  const bank = [...quizzes]
    .sort((a, b) => a.id - b.id)
    .flatMap((quiz) =>
      quiz.questions.map((question) => ({ id: `${quiz.id}:${question.id}`, quiz: { id: quiz.id, title: quiz.title }, question })),
    );
  if (bank.length === 0) return null;
  let stride = 7;
  while (bank.length > 1 && gcd(stride, bank.length) !== 1) stride += 1;
  const position = (((windowIndex * stride) % bank.length) + bank.length) % bank.length;
  return bank[position] ?? null;
}

function verdictFor(question: ChallengeQuestion['question'], correct: boolean): ChallengeVerdict {
  return {
    correct,
    correctOptionId: question.options.find((option) => option.isCorrect)?.id ?? '',
    explanation: question.explanation,
  };
}

async function currentChallenge(now: Date): Promise<{ window: ChallengeWindow; pick: ChallengeQuestion }> {
  const window = challengeWindow(now);
  const pick = pickChallengeQuestion(await getQuizzes(), window.index);
  if (!pick) throw new HttpError(404, 'No daily challenge available');
  return { window, pick };
}

/** GET /api/daily-challenge: the window's question without its answer key, plus the user's counted answer. */
export async function getDailyChallenge(userId: string, now: Date = new Date()): Promise<DailyChallenge> {
  const { window, pick } = await currentChallenge(now);
  const stored = await challengeAnswers.get(userId, window.id);
  const answer =
    stored && stored.questionId === pick.id ? { answerId: stored.answerId, ...verdictFor(pick.question, stored.correct) } : null;
  return {
    id: pick.id,
    quizTitle: pick.quiz.title,
    text: pick.question.text,
    options: orderOptions(userId, pick.id, pick.question.options).map((option) => ({ id: option.id, text: option.text })),
    nextRefreshHours: window.nextRefreshHours,
    answer,
  };
}

/**
 * POST /api/daily-challenge/complete: 400 unless questionId is the current challenge and answerId one of
 * its options. The first answer in the window is stored and counts; any later one gets that verdict.
 */
export async function completeDailyChallenge(
  userId: string,
  input: CompleteChallengeRequest,
  now: Date = new Date(),
): Promise<ChallengeVerdict> {
  const { window, pick } = await currentChallenge(now);
  if (input.questionId !== pick.id) throw new HttpError(400, 'questionId: not the current daily challenge');
  const option = pick.question.options.find((candidate) => candidate.id === input.answerId);
  if (!option) throw new HttpError(400, 'answerId: not an option of this question');
  const answeredAt = now.toISOString();
  await challengeAnswers.add(userId, {
    windowId: window.id,
    questionId: pick.id,
    answerId: option.id,
    correct: option.isCorrect,
    answeredAt,
  });
  // Read back (the local Blobs emulation does not make create-only writes atomic, and the stored, first
  // answer is the one that counts) in the same round trip as the journal entry. Journaled also when the
  // answer already existed: an earlier journal write may have failed (503) after the answer was stored;
  // the figures count each user's windows as a set, so a repeat never counts twice.
  const [stored] = await Promise.all([
    challengeAnswers.get(userId, window.id),
    activity.add(userId, { kind: 'challenge', windowId: window.id, recordedAt: answeredAt }),
  ]);
  return verdictFor(pick.question, stored ? stored.correct : option.isCorrect);
}
