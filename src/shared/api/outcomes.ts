// Request and response schemas of ramp outcomes (docs/product.md "Ramp milestones"), shared by the API
// routes, the pages' forms and the tests.
import { z } from './zod';

/**
 * The CRM webhook's header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (docs/security.md
 * "Outcomes webhook"). A POST /api/outcomes carrying it is the webhook's call, whatever else it carries.
 */
export const OUTCOMES_SIGNATURE_HEADER = 'X-Parcelwise-Signature';

const MILESTONE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const username = z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(254, 'username is too long');

/**
 * POST /api/outcomes: a milestone reached on a date. `eventId` is the CRM's id of the event that sent it:
 * a webhook call must send one, and a second call with the same id is refused (409) without storing anything.
 */
export const recordOutcomeRequestSchema = z.strictObject({
  username,
  milestone: z
    .string({ error: 'milestone is required' })
    .max(48, 'milestone must be the id of a ramp milestone')
    .regex(MILESTONE_ID, 'milestone must be the id of a ramp milestone'),
  date: z.iso.date({ error: 'date must be a date written YYYY-MM-DD' }),
  note: z.string().trim().max(500, 'note must be at most 500 characters').optional(),
  eventId: z
    .string()
    .trim()
    .min(1, 'eventId must not be empty')
    .max(128, 'eventId must be at most 128 characters')
    .regex(/^[\x21-\x7e]+$/, 'eventId must be printable ASCII without spaces')
    .optional(),
});
export type RecordOutcomeRequest = z.infer<typeof recordOutcomeRequestSchema>;

/** A recorded outcome. `id` is what DELETE /api/outcomes/{id} takes; `recordedBy` the recorder's name, or "CRM webhook". */
export const outcomeSchema = z.strictObject({
  id: z.string(),
  username: z.string(),
  milestone: z.string(),
  date: z.iso.date(),
  note: z.string().nullable(),
  eventId: z.string().nullable(),
  recordedBy: z.string(),
  recordedAt: z.iso.datetime(),
});
export type Outcome = z.infer<typeof outcomeSchema>;

/** How a reached milestone compares with its target: a week or more ahead, in the week up to it, after it. */
const MILESTONE_TIMINGS = ['early', 'on_time', 'late'] as const;
export type MilestoneTiming = (typeof MILESTONE_TIMINGS)[number];

/** One milestone of a person's role: its target, and when it was reached (day counted from the start date). */
const milestoneRowSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  targetDays: z.number().int().nonnegative(),
  targetDate: z.iso.date(),
  outcome: outcomeSchema.nullable(),
  day: z.number().int().nullable(),
  timing: z.enum(MILESTONE_TIMINGS).nullable(),
});
export type MilestoneRow = z.infer<typeof milestoneRowSchema>;

/** GET /api/outcomes?username= */
export const outcomesQuerySchema = z.object({ username });

/** GET /api/outcomes's answer: the person's start date (null without a program), their role's milestones, every outcome recorded. */
export const outcomesResponseSchema = z.strictObject({
  username: z.string(),
  programId: z.string().nullable(),
  startDate: z.iso.date().nullable(),
  milestones: z.array(milestoneRowSchema),
  outcomes: z.array(outcomeSchema),
});
export type OutcomesResponse = z.infer<typeof outcomesResponseSchema>;

/** POST /api/outcomes/csv's answer: rows stored, and rows already recorded exactly so. */
export const outcomesCsvResponseSchema = z.strictObject({
  added: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});

/** POST /api/outcomes/csv refused: nothing stored; each wrong row with its number in the file (the header is row 1). */
export const outcomesCsvErrorSchema = z.strictObject({
  error: z.string(),
  rows: z.array(z.strictObject({ row: z.number().int().positive(), message: z.string() })),
});
