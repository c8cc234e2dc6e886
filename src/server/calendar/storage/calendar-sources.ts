/**
 * A person's connected calendar (`calendar-sources/<user id>`): the sealed address, what the last read
 * found (the external meetings of the next 14 days) and why the last try failed, if it did. One record, so
 * disconnecting deletes everything read from the calendar at once.
 */
import { z } from 'zod';
import { listKeys, readJSON, readJSONWithEtag, remove, writeJSON } from '~/server/storage/blobs';
import { key, lastSegment, prefix } from '~/server/storage/keys';

const storedMeetingSchema = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{20}$/),
  title: z.string().max(200),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  attendees: z.array(z.strictObject({ name: z.string().max(200), domain: z.string().max(253) })).max(50),
  location: z.string().max(200).nullable(),
});

const storedCalendarSourceSchema = z.strictObject({
  userId: z.uuid(),
  /** The person's own address when they connected: their declines count, and they are not an attendee. */
  ownAddress: z.string().max(320),
  address: z.strictObject({ iv: z.string(), data: z.string(), tag: z.string() }),
  addressHint: z.string().max(300),
  connectedAt: z.iso.datetime(),
  lastReadAt: z.iso.datetime().nullable(),
  lastTriedAt: z.iso.datetime(),
  /** Why the last try failed; null when it worked. */
  error: z.string().max(300).nullable(),
  meetings: z.array(storedMeetingSchema).max(200),
});
export type StoredCalendarSource = z.infer<typeof storedCalendarSourceSchema>;

const ROOT = 'calendar-sources';

export const calendarSources = {
  of: (userId: string) => readJSON(key(ROOT, userId), storedCalendarSourceSchema),

  /** The record with its version, for a read that writes back only if nobody changed it meanwhile. */
  versionOf: (userId: string) => readJSONWithEtag(key(ROOT, userId), storedCalendarSourceSchema),

  save: (value: StoredCalendarSource) => writeJSON(key(ROOT, value.userId), storedCalendarSourceSchema, value),

  /** Writes only over the version read: a calendar disconnected while it was being read stays deleted. */
  saveOver: (value: StoredCalendarSource, etag: string) =>
    writeJSON(key(ROOT, value.userId), storedCalendarSourceSchema, value, { onlyIfMatch: etag }),

  remove: (userId: string) => remove(key(ROOT, userId)),

  /** The ids of the people with a calendar connected, from the listing alone. */
  userIds: async () => (await listKeys(prefix(ROOT))).map(lastSegment),
};
