// Request and response schemas of the module and progress calls (SPEC §7), shared by the API routes
// and the islands. Lesson ids are the authored numeric ids; a progress record's id is its moduleId.
import { z } from './zod';

export const LESSON_TYPES = ['video', 'article', 'interactive', 'quiz'] as const;
export const lessonTypeSchema = z.enum(LESSON_TYPES);
export type LessonType = z.infer<typeof lessonTypeSchema>;

export const MODULE_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export const moduleStatusSchema = z.enum(MODULE_STATUSES);
export type ModuleStatus = z.infer<typeof moduleStatusSchema>;

const positiveId = z.number().int().positive().max(999_999_999);
/** Accepted and ignored everywhere (DECISIONS "The API"): the user comes from the session only. */
const ignoredUserId = z.unknown().optional();

export const lessonSummarySchema = z.strictObject({
  id: positiveId,
  title: z.string(),
  type: lessonTypeSchema,
  duration: z.number().int().nonnegative(),
  order: z.number().int(),
});
export type LessonSummary = z.infer<typeof lessonSummarySchema>;

/** GET /api/modules/{id} and PATCH /api/modules/{id}: the module with the signed-in user's status. */
export const moduleResponseSchema = z.strictObject({
  id: positiveId,
  title: z.string(),
  description: z.string(),
  /** Minutes: the sum of the lesson durations. */
  duration: z.number().int().nonnegative(),
  lessonCount: z.number().int().nonnegative(),
  status: moduleStatusSchema,
  content: z.array(lessonSummarySchema),
});
export type ModuleResponse = z.infer<typeof moduleResponseSchema>;

/** PATCH /api/modules/{id}. */
export const moduleStatusRequestSchema = z.strictObject({ userId: ignoredUserId, status: moduleStatusSchema });
export type ModuleStatusRequest = z.infer<typeof moduleStatusRequestSchema>;

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
export type CreateProgressRequest = z.infer<typeof createProgressRequestSchema>;

/** PATCH /api/progress/{id}: additive — the sent lesson ids are merged with the stored ones. */
export const updateProgressRequestSchema = z.strictObject({
  userId: ignoredUserId,
  completedLessons: lessonIds,
  status: moduleStatusSchema.optional(),
  lastActivity: z.iso.datetime({ offset: true }).optional(),
});
export type UpdateProgressRequest = z.infer<typeof updateProgressRequestSchema>;

/** A route id (SPEC §5: parsed as an integer): a positive integer, else null (the page answers 404). */
export function parseRouteId(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}
