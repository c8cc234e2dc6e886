// Request and response schemas of the daily challenge calls (docs/product.md "GET /api/daily-challenge",
// "POST /api/daily-challenge/complete"; docs/decisions.md "Daily challenge").
// GET carries no answer key and no explanation; both arrive with the answer.
import { confidenceSchema } from './review';
import { z } from './zod';

export const challengeVerdictSchema = z.strictObject({
  correct: z.boolean(),
  correctOptionId: z.string(),
  explanation: z.string(),
});
export type ChallengeVerdict = z.infer<typeof challengeVerdictSchema>;

/** GET /api/daily-challenge. `answer` is the user's counted answer in this window, if any. */
export const dailyChallengeSchema = z.strictObject({
  id: z.string(),
  quizTitle: z.string(),
  text: z.string(),
  options: z.array(z.strictObject({ id: z.string(), text: z.string() })),
  /** Hours until the next 12-hour window, one decimal, as a string. */
  nextRefreshHours: z.string(),
  /** Consecutive days with a challenge answered, one grace day a week (docs/decisions.md "Daily challenge"). */
  streak: z.number().int().nonnegative(),
  answer: z.strictObject({ answerId: z.string(), ...challengeVerdictSchema.shape }).nullable(),
});
export type DailyChallenge = z.infer<typeof dailyChallengeSchema>;

/** POST /api/daily-challenge/complete; `confidence` is optional ("Sure" / "Not sure"). */
export const completeChallengeRequestSchema = z.strictObject({
  userId: z.unknown().optional(),
  questionId: z.string().trim().min(1).max(200),
  answerId: z.string().trim().min(1).max(64),
  confidence: confidenceSchema.optional(),
});
export type CompleteChallengeRequest = z.infer<typeof completeChallengeRequestSchema>;
