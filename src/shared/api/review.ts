// Request and response schemas of the review calls (docs/product.md "GET /api/review", "POST /api/review";
// docs/decisions.md "Spaced review", "Memory model"), shared by the /api/review route, the /review page,
// the daily challenge and the tests. Nothing sent before an answer carries an answer key.
import { z } from './zod';

/** How sure the person is of an answer: optional beside every answer to the challenge and on /review. */
export const confidenceSchema = z.enum(['sure', 'unsure'], { error: "must be 'sure' or 'unsure'" });
export type ConfidenceChoice = z.infer<typeof confidenceSchema>;

/** Predicted recall: the chance of answering right today, 0–1 with two decimals. */
const recallSchema = z.number().min(0).max(1);

/** A due question as the browser sees it before answering: no key, no explanation. */
const reviewQuestionSchema = z.strictObject({
  /** "{quizId}:{questionId}". */
  id: z.string(),
  quizTitle: z.string(),
  text: z.string(),
  options: z.array(z.strictObject({ id: z.string(), text: z.string() })),
});
export type ReviewQuestion = z.infer<typeof reviewQuestionSchema>;

/** A card of the session: the question, its predicted recall today and the day it fell due. */
const reviewCardSchema = z.strictObject({
  ...reviewQuestionSchema.shape,
  recall: recallSchema,
  /** ISO date (YYYY-MM-DD). */
  due: z.iso.date(),
});

/** A question whose predicted recall falls under 80 % within 7 days ("likely to forget soon"). */
const forgettingSoonSchema = z.strictObject({
  id: z.string(),
  quizTitle: z.string(),
  text: z.string(),
  recall: recallSchema,
  /** The first day (ISO date) from today on with predicted recall under 80 %. */
  date: z.iso.date(),
});
export type ForgettingSoon = z.infer<typeof forgettingSoonSchema>;

const schedule = {
  /** Cards due now (the daily challenge's question left out until it is answered; at most 20 a day). */
  dueCount: z.number().int().nonnegative(),
  /** When the next card not due now falls due (midnight UTC), or null when none is scheduled. */
  nextDueAt: z.iso.datetime().nullable(),
  /** Today's daily challenge is still to be answered (its card waits on the dashboard). */
  challengePending: z.boolean(),
};

/** GET /api/review: the next session (the cards with the lowest predicted recall first, at most 10). */
export const reviewSessionSchema = z.strictObject({
  questions: z.array(reviewCardSchema).max(10),
  ...schedule,
  /** Every answer counted on the user's cards so far. */
  answersCounted: z.number().int().nonnegative(),
  /** Questions likely to be forgotten soon, soonest first (at most 10). */
  forgettingSoon: z.array(forgettingSoonSchema).max(10),
});
export type ReviewSession = z.infer<typeof reviewSessionSchema>;

/** POST /api/review (and the /review form). A `correct` the client claims is accepted and ignored. */
export const answerReviewRequestSchema = z.strictObject({
  userId: z.unknown().optional(),
  questionId: z.string().trim().min(1, 'questionId is required').max(200),
  answerId: z.string().trim().min(1, 'answerId is required').max(64),
  confidence: confidenceSchema.optional(),
  correct: z.unknown().optional(),
});
export type AnswerReviewRequest = z.infer<typeof answerReviewRequestSchema>;

export const reviewVerdictSchema = z.strictObject({
  correct: z.boolean(),
  correctOptionId: z.string(),
  explanation: z.string(),
  /** The lesson that teaches the question. */
  lesson: z.strictObject({ title: z.string(), href: z.string() }).nullable(),
  /** When this card is due again (midnight UTC). */
  nextReviewAt: z.iso.datetime(),
  ...schedule,
});
export type ReviewVerdict = z.infer<typeof reviewVerdictSchema>;
