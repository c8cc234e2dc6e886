// Request and response schemas of the quiz calls (docs/product.md "API calls"; docs/decisions.md "Server-side grading"), shared by the
// API routes and the islands. Nothing sent before submission carries an answer key (`isCorrect`).
import { QUIZ_DIFFICULTIES } from '~/shared/vocabulary';
import { z } from './zod';

const positiveId = z.number().int().positive().max(999_999_999);
const shortId = z.string().trim().min(1).max(64);

/** An option as the browser sees it before grading: no isCorrect. */
const publicQuizOptionSchema = z.strictObject({ id: z.string(), text: z.string() });

/** A question before grading: no explanation either (it would give the answer away). */
const publicQuizQuestionSchema = z.strictObject({
  id: z.string(),
  text: z.string(),
  options: z.array(publicQuizOptionSchema),
});

/** GET /api/quizzes lists these. */
export const publicQuizSchema = z.strictObject({
  id: positiveId,
  title: z.string(),
  description: z.string(),
  category: z.string(),
  difficulty: z.enum(QUIZ_DIFFICULTIES),
  questions: z.array(publicQuizQuestionSchema),
});
export type PublicQuiz = z.infer<typeof publicQuizSchema>;

/**
 * One graded answer. The question that is the person's daily challenge, while that challenge is unanswered
 * in its window, is `heldBack`: not graded (no `isCorrect`), not in the score.
 */
const quizAnswerSchema = z.strictObject({
  questionId: z.string(),
  selectedOptionId: z.string().nullable(),
  isCorrect: z.boolean().optional(),
  heldBack: z.literal(true).optional(),
  /** The revision of the question when the quiz was taken (absent in results from before revisions: 1). */
  revision: z.number().int().positive().optional(),
});

/** A stored, server-graded result (GET /api/quiz-results lists the user's). */
export const quizResultSchema = z.strictObject({
  id: z.string(),
  quizId: positiveId,
  score: z.number().int().min(0).max(100),
  correctAnswers: z.number().int().nonnegative(),
  /** The questions graded (a held-back one is not). */
  totalQuestions: z.number().int().nonnegative(),
  answers: z.array(quizAnswerSchema),
  completedAt: z.iso.datetime(),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

/**
 * POST /api/quiz-results. The spec's client also sends userId, score, correctAnswers, totalQuestions
 * and each answer's isCorrect: they are type-checked and ignored; the server grades from the ids.
 * An unanswered question may be omitted or sent with selectedOptionId null; it counts as wrong.
 */
export const submitQuizRequestSchema = z.strictObject({
  userId: z.unknown().optional(),
  quizId: positiveId,
  score: z.number().optional(),
  correctAnswers: z.number().optional(),
  totalQuestions: z.number().optional(),
  answers: z
    .array(
      z.strictObject({
        questionId: shortId,
        selectedOptionId: shortId.nullable(),
        isCorrect: z.boolean().optional(),
      }),
    )
    .max(100),
});
export type SubmitQuizRequest = z.infer<typeof submitQuizRequestSchema>;

/**
 * Per question, after grading: what the result screen reviews. `correctOptionId` (and the explanation) is
 * null for a question left blank, and for the user's daily challenge question while that challenge is
 * unanswered in its window.
 */
const quizReviewItemSchema = z.strictObject({
  questionId: z.string(),
  correctOptionId: z.string().nullable(),
  explanation: z.string().nullable(),
});
export type QuizReviewItem = z.infer<typeof quizReviewItemSchema>;

/** The answer to POST /api/quiz-results: the stored result plus the review. */
export const submitQuizResponseSchema = z.strictObject({
  ...quizResultSchema.shape,
  review: z.array(quizReviewItemSchema),
});
export type SubmitQuizResponse = z.infer<typeof submitQuizResponseSchema>;
