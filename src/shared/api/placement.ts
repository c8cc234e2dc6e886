// Request and response schemas of a module's placement check (docs/product.md "Placement check (/modules/{id}/placement)"), shared by
// the API routes, the page and the tests. Nothing sent before submission carries an answer key.
import { z } from './zod';

const shortId = z.string().trim().min(1).max(64);

/** A drawn question as the browser sees it: `id` is its bank key "{quizId}:{questionId}", options without keys. */
const placementQuestionSchema = z.strictObject({
  id: z.string(),
  lessonId: z.number().int().positive(),
  question: z.string(),
  options: z.array(z.strictObject({ id: z.string(), text: z.string() })),
});
export type PlacementQuestion = z.infer<typeof placementQuestionSchema>;

/** GET /api/modules/{id}/placement: the questions of the check (starts it, or answers the open one again). */
export const placementCheckSchema = z.strictObject({ questions: z.array(placementQuestionSchema) });
export type PlacementCheck = z.infer<typeof placementCheckSchema>;

/** POST /api/modules/{id}/placement: one chosen option per drawn question (a question left out counts as wrong). */
export const placementAnswersSchema = z.strictObject({
  answers: z.array(z.strictObject({ questionId: shortId, optionId: shortId })).max(100),
});
export type PlacementAnswers = z.infer<typeof placementAnswersSchema>;

/** The graded check: each lesson it covered, known or not (when passed, every one is). */
export const placementResultSchema = z.strictObject({
  passed: z.boolean(),
  score: z.number().int().min(0).max(100),
  threshold: z.number().int().min(1).max(100),
  lessons: z.array(z.strictObject({ id: z.number().int().positive(), known: z.boolean() })),
});
export type PlacementResult = z.infer<typeof placementResultSchema>;
