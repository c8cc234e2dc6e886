// Request and response schemas of a person's calendar (docs/product.md "Your calendar"): the private
// iCalendar address they connect, what the last read found, and the external meetings of the next 14 days.
import { z } from './zod';

/** Longest address accepted: calendar products' private addresses are a few hundred characters. */
export const MAX_CALENDAR_URL = 2048;

/** PUT /api/calendar-source. */
export const connectCalendarRequestSchema = z.strictObject({
  url: z
    .string({ error: 'must be the private address of your calendar in iCalendar format (https://…)' })
    .trim()
    .min(1, 'must be the private address of your calendar in iCalendar format (https://…)')
    .max(MAX_CALENDAR_URL, `must be at most ${MAX_CALENDAR_URL} characters`),
});

/** One person at a meeting: the name the calendar gives (or the address's local part) and the e-mail domain. */
const meetingAttendeeSchema = z.strictObject({
  name: z.string(),
  domain: z.string(),
});

/** A meeting as GET /api/meetings answers it. */
const meetingSchema = z.strictObject({
  /** Stable across reads: a digest of the event's UID and the instance's original start. */
  id: z.string(),
  title: z.string(),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  attendees: z.array(meetingAttendeeSchema),
  location: z.string().nullable(),
  /** The persona's id (as a string) the hub guesses, or the rep chose for this company; null when nothing fits. */
  persona: z.string().nullable(),
  /** The buyer segment's id (as a string), the persona's segment unless the rep chose another. */
  segment: z.string().nullable(),
  /** Why, in a short sentence. */
  reason: z.string().nullable(),
  prepared: z.boolean(),
});
export type Meeting = z.infer<typeof meetingSchema>;

export const meetingsSchema = z.array(meetingSchema);

/** PATCH /api/meetings/{id}: the rep's persona and segment (ids as GET answers them), remembered for the meeting's company. */
export const correctMeetingRequestSchema = z.strictObject({
  persona: z
    .string({ error: 'must be a persona id' })
    .trim()
    .regex(/^\d{1,6}$/, 'must be a persona id'),
  segment: z
    .string({ error: 'must be a buyer segment id' })
    .trim()
    .regex(/^\d{1,6}$/, 'must be a buyer segment id'),
});
export type CorrectMeetingRequest = z.infer<typeof correctMeetingRequestSchema>;

/** The answer of PATCH /api/meetings/{id}: the meeting with the rep's choice. */
export const correctMeetingResponseSchema = meetingSchema;

/** The next meeting, as the status shows it. */
const nextMeetingSchema = z.strictObject({ id: z.string(), title: z.string(), start: z.iso.datetime() });

/**
 * The answer of PUT /api/calendar-source and POST /api/calendar-source/refresh: `ok` when the last read
 * worked, `failed` when it did not (the meetings of the last good read are kept; `error` says why).
 */
export const calendarSourceSchema = z.strictObject({
  status: z.enum(['ok', 'failed']),
  /** The host and the last four characters of the address: never the whole secret. */
  address: z.string(),
  lastReadAt: z.iso.datetime().nullable(),
  meetingsFound: z.number().int().min(0),
  next: nextMeetingSchema.nullable(),
  error: z.string().nullable(),
});
export type CalendarSource = z.infer<typeof calendarSourceSchema>;

/** The answer of POST /api/calendar-feed/rotate: the person's new private feed address (the old one answers 404 from then on). */
export const calendarFeedResponseSchema = z.strictObject({ url: z.url() });
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponseSchema>;
