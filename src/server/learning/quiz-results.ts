// Quiz results (docs/product.md "POST /api/quiz-results"; docs/decisions.md "Server-side grading"): server-side grading, the
// user's stored results (POST and GET /api/quiz-results), each new result journaled for the team figures.
import type { QuizResult, QuizReviewItem, SubmitQuizRequest, SubmitQuizResponse } from '~/shared/api/quizzes';
import { getQuiz, type Quiz } from '~/server/content/learning';
import { HttpError } from '~/server/errors';
import { journal } from '~/server/journal/journal';
import { materialRevisionOf } from '~/shared/learning/revisions';
import { eventId, factDigest, factEventId, factIdentity, parseEventTime } from '~/server/storage/keys';
import { withinRetryWindow } from '~/server/retries';
import { quizResults, type StoredQuizResult } from '~/server/learning/storage/quiz-results';
import { currentChallenge } from '../review/daily-challenge';
import { loadReviewState, recordAnswers, type ReviewState } from '../review/review-state';

export interface Grading {
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  /** Each with the revision of the question it answered (content/README.md "Revisions"). */
  answers: Array<{ questionId: string; selectedOptionId: string | null; isCorrect?: boolean; heldBack?: true; revision: number }>;
  review: QuizReviewItem[];
}

/**
 * Grades submitted answers against the quiz's key (docs/product.md "Quiz taking (/quizzes/{id})"): score = round(100 × correct / total over
 * ALL questions); unanswered questions count as wrong; what the client claims (score, isCorrect) is never read.
 * Unknown or repeated question ids and options not of their question are a 400. The review gives the key
 * of answered questions only. The question `heldBack` (the person's unanswered daily challenge) is not
 * graded: no verdict, no key, not in the score.
 */
export function gradeQuiz(
  quiz: Pick<Quiz, 'questions'>,
  answers: ReadonlyArray<{ questionId: string; selectedOptionId: string | null }>,
  heldBack: string | null = null,
): Grading {
  const chosen = new Map<string, string | null>();
  for (const [index, answer] of answers.entries()) {
    const question = quiz.questions.find((q) => q.id === answer.questionId);
    if (!question) throw new HttpError(400, `answers.${index}.questionId: unknown question "${answer.questionId}"`);
    if (chosen.has(answer.questionId))
      throw new HttpError(400, `answers.${index}.questionId: question "${answer.questionId}" is answered twice`);
    if (answer.selectedOptionId !== null && !question.options.some((option) => option.id === answer.selectedOptionId)) {
      throw new HttpError(
        400,
        `answers.${index}.selectedOptionId: unknown option "${answer.selectedOptionId}" for question "${answer.questionId}"`,
      );
    }
    chosen.set(answer.questionId, answer.selectedOptionId);
  }
  const graded = quiz.questions.map((question) => {
    const selectedOptionId = chosen.get(question.id) ?? null;
    if (question.id === heldBack) {
      return {
        answer: { questionId: question.id, selectedOptionId, heldBack: true as const, revision: question.revision ?? 1 },
        review: { questionId: question.id, correctOptionId: null, explanation: null },
      };
    }
    const correct = question.options.find((option) => option.isCorrect);
    // The key of a question left blank stays unknown: blank submissions must not collect keys.
    const answered = selectedOptionId !== null;
    return {
      answer: {
        questionId: question.id,
        selectedOptionId,
        isCorrect: correct !== undefined && selectedOptionId === correct.id,
        revision: question.revision ?? 1,
      },
      review: {
        questionId: question.id,
        correctOptionId: answered ? (correct?.id ?? '') : null,
        explanation: answered ? question.explanation || null : null,
      },
    };
  });
  const totalQuestions = graded.filter((item) => !item.answer.heldBack).length;
  const correctAnswers = graded.filter((item) => item.answer.isCorrect === true).length;
  return {
    score: totalQuestions === 0 ? 0 : Math.round((100 * correctAnswers) / totalQuestions),
    correctAnswers,
    totalQuestions,
    answers: graded.map((item) => item.answer),
    review: graded.map((item) => item.review),
  };
}

function toQuizResult(stored: StoredQuizResult): QuizResult | null {
  const quizId = Number(stored.quizId);
  if (!Number.isInteger(quizId) || quizId < 1) return null;
  const { userId: _userId, ...rest } = stored;
  return { ...rest, quizId };
}

/** GET /api/quiz-results: the user's results, oldest first, each submission once. */
export async function listQuizResults(userId: string): Promise<QuizResult[]> {
  const stored = await quizResults.list(userId);
  const sorted = stored
    .map(toQuizResult)
    .filter((result): result is QuizResult => result !== null)
    .sort((a, b) => a.completedAt.localeCompare(b.completedAt) || a.id.localeCompare(b.id));
  // One submission sent twice at the same moment (a double click) may store two results under one key: the first counts.
  const submissions = new Set<string>();
  return sorted.filter((result) => {
    const submission = factIdentity(result.id);
    if (submission === null) return true;
    if (submissions.has(submission)) return false;
    submissions.add(submission);
    return true;
  });
}

/** The latest result per quiz id (by completedAt): what the quizzes list badges show. */
export function latestResultByQuiz(results: readonly QuizResult[]): Map<number, QuizResult> {
  const latest = new Map<number, QuizResult>();
  for (const result of results) {
    const current = latest.get(result.quizId);
    if (!current || result.completedAt > current.completedAt || (result.completedAt === current.completedAt && result.id > current.id)) {
      latest.set(result.quizId, result);
    }
  }
  return latest;
}

/**
 * The question of this quiz that is the user's daily challenge while it is unanswered in this window: held
 * back from grading until then, so no submission can reveal the challenge's key (docs/decisions.md
 * "Daily challenge"). Chosen from the schedule as it stood when the window began.
 */
async function heldBackQuestion(userId: string, quizId: number, state: ReviewState, now: Date): Promise<string | null> {
  const challenge = await currentChallenge(userId, state, now);
  return !challenge.answer && challenge.pick.quiz.id === quizId ? challenge.pick.question.id : null;
}

/** What a submission reads beside the session check: the review state, and with an Idempotency-Key the ids of earlier results. */
export interface SubmissionReads {
  state: ReviewState;
  resultIds: readonly string[];
}

export async function submissionReads(userId: string, now: Date, idempotencyKey: string | null): Promise<SubmissionReads> {
  const [state, resultIds] = await Promise.all([
    loadReviewState(userId, now),
    idempotencyKey === null ? Promise.resolve([]) : quizResults.ids(userId),
  ]);
  return { state, resultIds };
}

/** The ids of one submission's result and answers: derived from its quiz and Idempotency-Key (random without one). */
function submissionIds(userId: string, quizId: number, idempotencyKey: string | null) {
  return {
    result: (at: Date) => (idempotencyKey === null ? eventId(at) : factEventId(at, 'quiz', userId, idempotencyKey, quizId)),
    answer: (at: Date, questionId: string) =>
      idempotencyKey === null ? eventId(at) : factEventId(at, 'quiz', userId, idempotencyKey, quizId, questionId),
  };
}

/**
 * When an earlier try of this submission (same Idempotency-Key) was made, from what it stored: its result
 * among the person's results, or any of its answers of the retry window; null for a first try. 409 when
 * that try chose other options.
 */
function firstTry(
  userId: string,
  idempotencyKey: string,
  quiz: Pick<Quiz, 'id' | 'questions'>,
  reads: SubmissionReads,
  chosen: ReadonlyMap<string, string | null>,
): Date | null {
  const resultDigest = factDigest('quiz', userId, idempotencyKey, quiz.id);
  const byDigest = new Map(
    quiz.questions.map((question) => [factDigest('quiz', userId, idempotencyKey, quiz.id, question.id), question.id]),
  );
  const answers = reads.state.recentAnswers.filter(
    (answer) => answer.source === 'quiz' && answer.quizId === quiz.id && byDigest.has(factIdentity(answer.id) ?? ''),
  );
  if (answers.some((answer) => chosen.get(byDigest.get(factIdentity(answer.id)!)!) !== answer.optionId)) {
    throw new HttpError(409, 'Idempotency-Key: already used for a submission with other answers');
  }
  const resultId = reads.resultIds.find((id) => factIdentity(id) === resultDigest);
  return (resultId ? parseEventTime(resultId) : null) ?? answers[0]?.at ?? null;
}

/**
 * POST /api/quiz-results: grades on the server, stores the result, records every answered question on the
 * user's review schedule, answers the result with the review (less the unanswered daily challenge's key).
 * With an Idempotency-Key, a repeat stores nothing new and a retry completes what its first try stored
 * (src/server/retries.ts): every key is derived from the Idempotency-Key and the first try's time.
 */
export async function submitQuizResult(
  userId: string,
  input: SubmitQuizRequest,
  now: Date = new Date(),
  /** Read already (beside the session check, `submissionReads`); read here when left out. */
  loaded?: SubmissionReads,
  idempotencyKey: string | null = null,
): Promise<SubmitQuizResponse> {
  const quiz = await getQuiz(input.quizId);
  if (!quiz) throw new HttpError(404, 'Quiz not found');
  const reads = loaded ?? (await submissionReads(userId, now, idempotencyKey));
  const heldBack = await heldBackQuestion(userId, quiz.id, reads.state, now);
  const grading = gradeQuiz(quiz, input.answers, heldBack);
  const chosen = new Map(grading.answers.map((answer) => [answer.questionId, answer.selectedOptionId]));
  const first = idempotencyKey === null ? null : firstTry(userId, idempotencyKey, quiz, reads, chosen);
  const at = first ?? now;
  const ids = submissionIds(userId, quiz.id, idempotencyKey);
  const stored: StoredQuizResult = {
    id: ids.result(at),
    quizId: String(quiz.id),
    userId,
    score: grading.score,
    correctAnswers: grading.correctAnswers,
    totalQuestions: grading.totalQuestions,
    answers: grading.answers,
    completedAt: at.toISOString(),
  };
  // A question left blank is not an answer, nor is a held-back one: they change no card. A quiz asks no confidence.
  const questions = new Map(quiz.questions.map((question) => [question.id, question]));
  const answered = grading.answers.flatMap(({ questionId, selectedOptionId, isCorrect, revision }) =>
    selectedOptionId === null || isCorrect === undefined
      ? []
      : [
          {
            quizId: quiz.id,
            questionId,
            optionId: selectedOptionId,
            correct: isCorrect,
            confidence: null,
            revision,
            materialRevision: materialRevisionOf(questions.get(questionId)!),
          },
        ],
  );
  // One round trip: the result, its journal entry and one answer event per graded question, each
  // create-only (a repeat within the retry window writes the same keys: nothing new; later, nothing).
  if (first === null || withinRetryWindow(first, now)) {
    await Promise.all([
      quizResults.add(stored),
      journal.add(userId, { kind: 'quiz', quizId: stored.quizId, score: stored.score, recordedAt: stored.completedAt }, stored.id),
      recordAnswers(
        userId,
        answered,
        'quiz',
        at,
        answered.map((answer) => ids.answer(at, answer.questionId)),
      ),
    ]);
  }
  const review = grading.review;
  const { userId: _userId, ...result } = stored;
  return { ...result, quizId: quiz.id, review };
}
