// Request and response schemas of onboarding programs (docs/product.md "Onboarding programs"), shared by
// the API routes, the pages' forms and the tests.
import { z } from './zod';

const PLAN_ITEM_KINDS = ['lesson', 'module', 'quiz', 'mastery', 'read', 'signoff', 'practice'] as const;

/** GET /api/programs: one row per program; `items` is how many it has. */
export const programRowSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  role: z.string(),
  lengthDays: z.number().int().positive(),
  items: z.number().int().nonnegative(),
});
export type ProgramRow = z.infer<typeof programRowSchema>;

const planItemSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  kind: z.enum(PLAN_ITEM_KINDS),
  required: z.boolean(),
  dueDate: z.iso.date(),
  status: z.enum(['done', 'due', 'overdue', 'upcoming']),
  doneAt: z.iso.datetime().nullable(),
  /** Done by a passed placement check rather than by reading. */
  testedOut: z.boolean(),
  href: z.string(),
});

/** GET /api/plan, and the answer of POST /api/program-assignments: a person's plan (program null: none). */
export const planSchema = z.strictObject({
  program: z.strictObject({ id: z.string(), title: z.string() }).nullable(),
  startDate: z.iso.date().nullable(),
  day: z.number().int().nonnegative().nullable(),
  items: z.array(planItemSchema),
  certificate: z
    .strictObject({
      title: z.string(),
      issuedAt: z.iso.datetime(),
      expiresAt: z.iso.datetime(),
      status: z.enum(['valid', 'expired', 'renewal_needed']),
      /** Required items done by a passed placement check. */
      testedOut: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type PlanResponse = z.infer<typeof planSchema>;

const PROGRAM_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** YYYY-MM-DD, a real calendar date. */
const startDate = z.iso.date({ error: 'startDate must be a date written YYYY-MM-DD' });

/** POST /api/program-assignments (administrators). The start date's range is checked against today by the service. */
export const assignProgramRequestSchema = z.strictObject({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(254, 'username is too long'),
  programId: z
    .string({ error: 'programId is required' })
    .regex(PROGRAM_ID, 'programId must be the id of a program')
    .max(28, 'programId must be the id of a program'),
  startDate: startDate.optional(),
});

/** DELETE /api/program-assignments/{username} (administrators): why the assignment ends. */
export const endAssignmentRequestSchema = z.strictObject({
  reason: z.string({ error: 'reason is required' }).trim().min(1, 'reason is required').max(500, 'reason must be at most 500 characters'),
});

/** POST /api/program-signoffs (administrators). */
export const signOffRequestSchema = z.strictObject({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(254, 'username is too long'),
  itemId: z.string({ error: 'itemId is required' }).min(1, 'itemId is required').max(64, 'itemId is too long'),
  note: z.string().trim().max(500, 'note must be at most 500 characters').optional(),
});

/** The answer of POST /api/program-signoffs: the sign-off as stored (the first, when sent again). */
export const signoffSchema = z.strictObject({
  username: z.string(),
  programId: z.string(),
  itemId: z.string(),
  by: z.string(),
  note: z.string().nullable(),
  at: z.iso.datetime(),
});
export type SignoffResponse = z.infer<typeof signoffSchema>;
