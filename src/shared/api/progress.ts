// Request and response schemas of the progress calls (docs/product.md "GET /api/progress", "POST /api/progress",
// "PATCH /api/progress/{id}"), shared by the API routes and the islands. A progress record's id is its moduleId.
import { ignoredUserId, moduleStatusSchema, positiveId } from './modules';
import { z } from './zod';

/** One progress record as GET /api/progress lists it; `id` equals `moduleId`. */
export const progressRecordSchema = z.strictObject({
  id: positiveId,
  moduleId: positiveId,
  status: moduleStatusSchema,
  completedLessons: z.array(positiveId),
  lastActivity: z.iso.datetime(),
  timeSpent: z.number().int().nonnegative(),
});
export type ProgressRecord = z.infer<typeof progressRecordSchema>;

const lessonIds = z.array(positiveId).max(500);

/**
 * POST /api/progress. `status` and `lastActivity` are checked but the server derives them (status from
 * the completed lessons, lastActivity is the server's clock); `completedLessons` are added, never removed.
 */
export const createProgressRequestSchema = z.strictObject({
  userId: ignoredUserId,
  moduleId: positiveId,
  status: moduleStatusSchema.optional(),
  completedLessons: lessonIds.optional(),
  lastActivity: z.iso.datetime({ offset: true }).optional(),
  timeSpent: z.number().int().nonnegative().max(10_000_000).optional(),
});

/** PATCH /api/progress/{id}: additive — the sent lesson ids are merged with the stored ones. */
export const updateProgressRequestSchema = z.strictObject({
  userId: ignoredUserId,
  completedLessons: lessonIds,
  status: moduleStatusSchema.optional(),
  lastActivity: z.iso.datetime({ offset: true }).optional(),
});
export type UpdateProgressRequest = z.infer<typeof updateProgressRequestSchema>;
