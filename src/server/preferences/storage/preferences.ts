/**
 * A person's preferences (`preferences/<user id>`): one record, written only by that person (PATCH, the
 * /settings form) or by their signed unsubscribe link. No record means the defaults.
 */
import { z } from 'zod';
import { DIGEST_FREQUENCIES } from '~/shared/api/preferences';
import { listKeys, readAll } from '~/server/storage/blobs';
import { lastSegment, prefix } from '~/server/storage/keys';
import { userRecords } from '~/server/storage/user-records';

const storedPreferencesSchema = z.strictObject({
  userId: z.uuid(),
  digest: z.enum(DIGEST_FREQUENCIES),
  hour: z.number().int().min(0).max(23),
  timeZone: z.string().min(1).max(64).nullable(),
  reviewHoldUntil: z.iso.date().nullable(),
  /** ISO weekdays; records saved before working days existed have none and read as Monday to Friday. */
  workingDays: z.array(z.number().int().min(1).max(7)).min(1).max(7).optional(),
  /** Records saved before call reminders existed have none: off. */
  callReminders: z.boolean().optional(),
  updatedAt: z.iso.datetime(),
});
export type StoredPreferences = z.infer<typeof storedPreferencesSchema>;

const ROOT = 'preferences';

export const preferences = {
  ...userRecords(ROOT, storedPreferencesSchema),

  /** Every stored record (people who never changed anything have none). */
  all: () => readAll(prefix(ROOT), storedPreferencesSchema),

  /** The ids of the people with a record, from the listing alone. */
  userIds: async () => (await listKeys(prefix(ROOT))).map(lastSegment),
};
