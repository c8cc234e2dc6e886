// Request and response schemas of the review calls (docs/decisions.md "Spaced review"), shared by the
// /api/review route, the /review page and its island, and the tests. Nothing sent before an answer
// carries an answer key.
import { z } from './zod';

/** A due question as the browser sees it before answering: no key, no explanation. */
const reviewQuestionSchema = z.strictObject({
  /** "{quizId}:{questionId}". */
  id: z.string(),
  quizTitle: z.string(),
  text: z.string(),
  options: z.array(z.strictObject({ id: z.string(), text: z.string() })),
});
export type ReviewQuestion = z.infer<typeof reviewQuestionSchema>;

const schedule = {
  /** Cards due now (the daily challenge's question left out until it is answered). */
  dueCount: z.number().int().nonnegative(),
  /** When the next card not due now falls due (midnight UTC), or null when none is scheduled. */
  nextDueAt: z.iso.datetime().nullable(),
  /** Today's daily challenge is still to be answered (its card waits on the dashboard). */
  challengePending: z.boolean(),
};

/** GET /api/review: the next session (the most overdue cards first, at most 10). */
export const reviewSessionSchema = z.strictObject({
  questions: z.array(reviewQuestionSchema).max(10),
  ...schedule,
  /** Every answer counted on the user's cards so far. */
  answersCounted: z.number().int().nonnegative(),
});
export type ReviewSession = z.infer<typeof reviewSessionSchema>;

/** POST /api/review (and the /review form). A `correct` the client claims is accepted and ignored. */
export const answerReviewRequestSchema = z.strictObject({
  userId: z.unknown().optional(),
  questionId: z.string().trim().min(1, 'questionId is required').max(200),
  answerId: z.string().trim().min(1, 'answerId is required').max(64),
  correct: z.unknown().optional(),
});
export type AnswerReviewRequest = z.infer<typeof answerReviewRequestSchema>;

export const reviewVerdictSchema = z.strictObject({
  correct: z.boolean(),
  correctOptionId: z.string(),
  explanation: z.string(),
  /** The lesson that teaches the question. */
  lesson: z.strictObject({ title: z.string(), href: z.string() }).nullable(),
  /** When this card is due again (midnight UTC); null once mastered. */
  nextReviewAt: z.iso.datetime().nullable(),
  ...schedule,
});
export type ReviewVerdict = z.infer<typeof reviewVerdictSchema>;
