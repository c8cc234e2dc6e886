// Request and response schemas of the module calls (docs/product.md "GET /api/modules/{id}", "PATCH /api/modules/{id}"), shared by
// the API routes and the islands. Lesson ids are the authored numeric ids.
import { LESSON_TYPES, MODULE_STATUSES } from '~/shared/vocabulary';
import { z } from './zod';

const lessonTypeSchema = z.enum(LESSON_TYPES);
export const moduleStatusSchema = z.enum(MODULE_STATUSES);

/** Route and body ids: authored positive integers. */
export const positiveId = z.number().int().positive().max(999_999_999);
/** Accepted and ignored everywhere (docs/decisions.md "The API"): the user comes from the session only. */
export const ignoredUserId = z.unknown().optional();

const lessonSummarySchema = z.strictObject({
  id: positiveId,
  title: z.string(),
  type: lessonTypeSchema,
  duration: z.number().int().nonnegative(),
  order: z.number().int(),
});

/** GET /api/modules/{id} and PATCH /api/modules/{id}: the module with the signed-in user's status. */
export const moduleResponseSchema = z.strictObject({
  id: positiveId,
  title: z.string(),
  description: z.string(),
  /** Minutes: the sum of the lessons' minutes, computed from their words and knowledge checks (never typed). */
  duration: z.number().int().nonnegative(),
  lessonCount: z.number().int().nonnegative(),
  status: moduleStatusSchema,
  content: z.array(lessonSummarySchema),
});
export type ModuleResponse = z.infer<typeof moduleResponseSchema>;

/** PATCH /api/modules/{id}. */
export const moduleStatusRequestSchema = z.strictObject({ userId: ignoredUserId, status: moduleStatusSchema });
