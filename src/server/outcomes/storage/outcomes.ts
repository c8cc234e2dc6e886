/**
 * Recorded outcomes, `ramp-outcomes/<user>/<milestone>`: one per person and milestone (a milestone is
 * reached once), create-only, so two recorders at once keep the first. Deleting one frees the milestone
 * to be recorded again.
 */
import { z } from 'zod';
import { readAll, readJSON, remove, writeJSON } from '~/server/storage/blobs';
import { key, prefix } from '~/server/storage/keys';

const storedOutcomeSchema = z.strictObject({
  milestone: z.string(),
  date: z.iso.date(),
  note: z.string().nullable(),
  eventId: z.string().nullable(),
  /** Who recorded it: a person (their id and name), or the CRM webhook (id null). */
  recordedBy: z.strictObject({ id: z.string().nullable(), name: z.string() }),
  recordedAt: z.iso.datetime(),
});
export type StoredOutcome = z.infer<typeof storedOutcomeSchema>;

export const outcomes = {
  /** Create-only: false when the milestone was already recorded for the person. */
  add: (userId: string, outcome: StoredOutcome) =>
    writeJSON(key('ramp-outcomes', userId, outcome.milestone), storedOutcomeSchema, outcome, { onlyIfNew: true }),

  get: (userId: string, milestone: string) => readJSON(key('ramp-outcomes', userId, milestone), storedOutcomeSchema),

  of: (userId: string) => readAll(prefix('ramp-outcomes', userId), storedOutcomeSchema),

  remove: (userId: string, milestone: string) => remove(key('ramp-outcomes', userId, milestone)),
};
