// Request and response schemas of the person's preferences (docs/product.md "Settings (/settings)", "GET /api/preferences",
// "PATCH /api/preferences"): the e-mail digest, its hour and time zone, a vacation hold of reviews, and the
// working days the challenge streak follows, and whether a call about to start unprepared sends a reminder.
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

const WEEKDAYS = 'must be weekday numbers from 1 (Monday) to 7 (Sunday)';
const isWeekday = (day: unknown) => typeof day === 'number' && Number.isInteger(day) && day >= 1 && day <= 7;
/** ISO weekdays (1 Monday … 7 Sunday), each once; checked as a whole so a 400 names the field, not an index. */
const workingDaysSchema = z
  .custom<number[]>((days) => Array.isArray(days) && days.every(isWeekday), { error: WEEKDAYS })
  .refine((days) => days.length > 0, 'must name at least one day')
  .refine((days) => new Set(days).size === days.length, 'must not name a day twice');

const callRemindersSchema = z.boolean({ error: 'must be true or false' });

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
  /** The days the person works, ISO weekdays in order (Monday to Friday unless set): the challenge streak skips the others. */
  workingDays: workingDaysSchema,
  /** An e-mail within the hour before a calendar meeting the person has not prepared for (off unless switched on). */
  callReminders: callRemindersSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** PATCH /api/preferences: any of the fields; a hold more than 60 days ahead is refused by the service. */
export const updatePreferencesRequestSchema = z.strictObject({
  digest: digestSchema.optional(),
  hour: hourSchema.optional(),
  timeZone: timeZoneSchema.optional(),
  reviewHoldUntil: holdSchema.optional(),
  workingDays: workingDaysSchema.optional(),
  callReminders: callRemindersSchema.optional(),
});
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequestSchema>;
