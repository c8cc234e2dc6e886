// Request and response schemas of the person's preferences (docs/product.md "Settings (/settings)", "GET /api/preferences",
// "PATCH /api/preferences"): the e-mail digest, its hour and time zone, and a vacation hold of reviews.
import { isTimeZone } from '~/shared/time-zone';
import { z } from './zod';

export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'off'] as const;

const digestSchema = z.enum(DIGEST_FREQUENCIES, { error: "must be 'daily', 'weekly' or 'off'" });
const hourSchema = z
  .number({ error: 'must be a whole hour from 0 to 23' })
  .int('must be a whole hour from 0 to 23')
  .min(0, 'must be a whole hour from 0 to 23')
  .max(23, 'must be a whole hour from 0 to 23');
const timeZoneSchema = z
  .string({ error: 'must be an IANA time zone name such as Europe/Berlin' })
  .refine(isTimeZone, 'unknown time zone (use an IANA name such as Europe/Berlin)');
/** A calendar date, YYYY-MM-DD: the last day of the hold. */
const holdSchema = z.iso.date({ error: 'must be a date (YYYY-MM-DD) or null' }).nullable();

/** GET /api/preferences (and the answer of PATCH). */
export const preferencesSchema = z.strictObject({
  /** Daily: each day with something to do; weekly: Mondays; off: never. */
  digest: digestSchema,
  /** The hour the digest arrives, 0–23, on the person's clock. */
  hour: hourSchema,
  /** IANA name; null until the browser or the person sets it (UTC is used meanwhile). */
  timeZone: timeZoneSchema.nullable(),
  /** The last day of a vacation hold of reviews and of the digest, or null. */
  reviewHoldUntil: holdSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** PATCH /api/preferences: any of the fields; a hold more than 60 days ahead is refused by the service. */
export const updatePreferencesRequestSchema = z.strictObject({
  digest: digestSchema.optional(),
  hour: hourSchema.optional(),
  timeZone: timeZoneSchema.optional(),
  reviewHoldUntil: holdSchema.optional(),
});
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequestSchema>;
