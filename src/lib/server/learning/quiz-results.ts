// Quiz results (docs/product.md "POST /api/quiz-results"; docs/decisions.md "Server-side grading"): server-side grading, the
// user's stored results (POST and GET /api/quiz-results), each new result journaled for the team figures.
import type { QuizResult, QuizReviewItem, SubmitQuizRequest, SubmitQuizResponse } from '~/lib/api/quizzes';
import { getQuiz, type Quiz } from '~/lib/content/learning';
import { HttpError } from '~/lib/server/errors';
import { journal } from '~/lib/server/team/storage/journal';
import { materialRevisionOf } from '~/lib/learning/revisions';
import { eventId } from '~/lib/server/storage/keys';
import { quizResults, type StoredQuizResult } from '~/lib/server/learning/storage/quiz-results';
import { currentChallenge } from '../review/daily-challenge';
import { questionKey } from '../review/question-bank';
import { loadReviewState, recordAnswers, type ReviewStateOptions } from '../review/review-state';

export interface Grading {
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  /** Each with the revision of the question it answered (content/README.md "Revisions"). */
  answers: Array<{ questionId: string; selectedOptionId: string | null; isCorrect: boolean; revision: number }>;
  review: QuizReviewItem[];
}

/**
 * Grades submitted answers against the quiz's key (docs/product.md "Quiz taking (/quizzes/{id})"): score = round(100 × correct / total over
 * ALL questions); unanswered questions count as wrong; what the client claims (score, isCorrect) is never read.
 * Unknown or repeated question ids and options not of their question are a 400.
 */
export function gradeQuiz(
  quiz: Pick<Quiz, 'questions'>,
  answers: ReadonlyArray<{ questionId: string; selectedOptionId: string | null }>,
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
    const correct = question.options.find((option) => option.isCorrect);
    return {
      answer: {
        questionId: question.id,
        selectedOptionId,
        isCorrect: correct !== undefined && selectedOptionId === correct.id,
        revision: question.revision ?? 1,
      },
      review: { questionId: question.id, correctOptionId: correct?.id ?? '', explanation: question.explanation || null },
    };
  });
  const totalQuestions = quiz.questions.length;
  const correctAnswers = graded.filter((item) => item.answer.isCorrect).length;
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

/** GET /api/quiz-results: the user's results, oldest first. */
export async function listQuizResults(userId: string): Promise<QuizResult[]> {
  const stored = await quizResults.list(userId);
  return stored
    .map(toQuizResult)
    .filter((result): result is QuizResult => result !== null)
    .sort((a, b) => a.completedAt.localeCompare(b.completedAt) || a.id.localeCompare(b.id));
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
 * The question key of the user's daily challenge while it is unanswered in this window: its correct option
 * and explanation stay out of a quiz review until then (docs/decisions.md "Spaced review").
 */
async function unansweredChallengeKey(userId: string, now: Date, options: ReviewStateOptions): Promise<string | null> {
  const challenge = await currentChallenge(userId, await loadReviewState(userId, now, options), now);
  return challenge.answer ? null : challenge.pick.key;
}

/**
 * POST /api/quiz-results: grades on the server, stores the result, records every answered question on the
 * user's review schedule, answers the result with the review (less the unanswered daily challenge's key).
 */
export async function submitQuizResult(
  userId: string,
  input: SubmitQuizRequest,
  now: Date = new Date(),
  options: ReviewStateOptions = {},
): Promise<SubmitQuizResponse> {
  const quiz = await getQuiz(input.quizId);
  if (!quiz) throw new HttpError(404, 'Quiz not found');
  const grading = gradeQuiz(quiz, input.answers);
  const stored: StoredQuizResult = {
    id: eventId(now),
    quizId: String(quiz.id),
    userId,
    score: grading.score,
    correctAnswers: grading.correctAnswers,
    totalQuestions: grading.totalQuestions,
    answers: grading.answers,
    completedAt: now.toISOString(),
  };
  // A question left blank is not an answer: it changes no card. A quiz asks no confidence.
  const questions = new Map(quiz.questions.map((question) => [question.id, question]));
  const answered = grading.answers.flatMap(({ questionId, selectedOptionId, isCorrect, revision }) =>
    selectedOptionId === null
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
  // The writes need nothing from the review state, and the state read needs nothing from them (it looks at
  // the challenge's answers only): they go together. The result is journaled with it (the figures count a
  // user's quizzes as a set, so a retried write never counts twice).
  const [heldBack] = await Promise.all([
    // Chosen from the schedule as it stood when the window began, so this submission cannot change it.
    unansweredChallengeKey(userId, now, options),
    quizResults.add(stored),
    journal.add(userId, { kind: 'quiz', quizId: stored.quizId, score: stored.score, recordedAt: stored.completedAt }),
    recordAnswers(userId, answered, 'quiz', now),
  ]);
  const review = grading.review.map((item) =>
    questionKey(quiz.id, item.questionId) === heldBack ? { ...item, correctOptionId: null, explanation: null } : item,
  );
  const { userId: _userId, ...result } = stored;
  return { ...result, quizId: quiz.id, review };
}
