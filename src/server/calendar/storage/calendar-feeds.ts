/**
 * A person's calendar feed (`calendar-feeds/<user id>`): the SHA-256 of the secret part of its address, which
 * a request must match, and the secret sealed, so the settings page can show the address again. One record
 * a person: rotating overwrites it, and the old address stops matching at once.
 */
import { z } from 'zod';
import { userRecords } from '~/server/storage/user-records';

const storedCalendarFeedSchema = z.strictObject({
  userId: z.uuid(),
  /** Hex SHA-256 of the secret. */
  secretHash: z.string().regex(/^[0-9a-f]{64}$/),
  secret: z.strictObject({ iv: z.string(), data: z.string(), tag: z.string() }),
  createdAt: z.iso.datetime(),
});

/** `save` replaces the person's feed: the last rotation wins, and only its address answers. */
export const calendarFeeds = userRecords('calendar-feeds', storedCalendarFeedSchema);
