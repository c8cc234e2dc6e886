// A person's calendar: connect its private address (read at once; nothing is stored unless the read
// works), read it again on request and every hour, disconnect (everything read from it is deleted), and the
// external meetings of the next 14 days. A failed read keeps the last good meetings and says why.
import type { CalendarSource } from '~/shared/api/calendar';
import { companyDomains } from '~/server/config';
import { localTime } from '~/shared/time-zone';
import { HttpError } from '~/server/errors';
import { addressHint, openAddress, sealAddress } from './calendar-address';
import { fetchCalendar } from './fetch-calendar';
import { isCompanyDomain } from './meeting-guess';
import { parseCalendar, type ParsedMeeting } from './parse-calendar';
import { calendarSources, type StoredCalendarSource } from './storage/calendar-sources';

export const NO_CALENDAR = 'No calendar is connected.';
/** The sealed address no longer opens: SESSION_SECRET changed since it was connected. */
const ADDRESS_UNREADABLE = 'The saved address can no longer be read. Disconnect and connect your calendar again.';

/** Reads and parses a calendar for a person; a 400 HttpError saying why not. */
async function readCalendar(address: string, ownAddress: string, now: Date): Promise<ParsedMeeting[]> {
  const body = await fetchCalendar(address);
  return parseCalendar(body, { now, ownAddress: ownAddress.toLowerCase(), companyDomains: companyDomains() });
}

const upcoming = (meetings: readonly ParsedMeeting[], now: Date) => meetings.filter((meeting) => Date.parse(meeting.end) > now.getTime());

/** What the settings page and the API show of a connected calendar. */
function describeSource(source: StoredCalendarSource, now: Date): CalendarSource {
  const meetings = upcoming(source.meetings, now);
  const next = meetings.find((meeting) => Date.parse(meeting.start) >= now.getTime()) ?? meetings[0] ?? null;
  return {
    status: source.error === null ? 'ok' : 'failed',
    address: source.addressHint,
    lastReadAt: source.lastReadAt,
    meetingsFound: meetings.length,
    next: next && { id: next.id, title: next.title, start: next.start },
    error: source.error,
  };
}

/** The person's calendar as shown, or null when none is connected. */
export async function calendarSource(userId: string, now: Date): Promise<CalendarSource | null> {
  const source = await calendarSources.of(userId);
  return source && describeSource(source, now);
}

/** Connects (or replaces) the person's calendar: read at once, stored only when the read works. */
export async function connectCalendar(user: { id: string; username: string }, address: string, now: Date): Promise<CalendarSource> {
  const meetings = await readCalendar(address, user.username, now);
  const at = now.toISOString();
  const source: StoredCalendarSource = {
    userId: user.id,
    ownAddress: user.username.toLowerCase(),
    address: sealAddress(address),
    addressHint: addressHint(address),
    connectedAt: at,
    lastReadAt: at,
    lastTriedAt: at,
    error: null,
    meetings,
  };
  await calendarSources.save(source);
  return describeSource(source, now);
}

/** Reads the person's calendar again; a failure is recorded (the last good meetings stay) and shown. */
export async function refreshCalendar(userId: string, now: Date): Promise<CalendarSource> {
  const stored = await calendarSources.versionOf(userId);
  if (!stored) throw new HttpError(404, NO_CALENDAR);
  const { value: source, etag } = stored;
  const at = now.toISOString();
  const address = openAddress(source.address);
  let next: StoredCalendarSource;
  try {
    if (address === null) throw new HttpError(400, ADDRESS_UNREADABLE);
    const meetings = await readCalendar(address, source.ownAddress, now);
    next = { ...source, lastReadAt: at, lastTriedAt: at, error: null, meetings };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    next = { ...source, lastTriedAt: at, error: error.message };
  }
  // Disconnected meanwhile: nothing is written back.
  if (!(await calendarSources.saveOver(next, etag))) throw new HttpError(404, NO_CALENDAR);
  return describeSource(next, now);
}

/** Deletes the person's calendar and everything read from it (nothing to delete is no error). */
export const disconnectCalendar = (userId: string): Promise<void> => calendarSources.remove(userId);

/** The person's external meetings of the next 14 days as read, soonest first (none without a calendar). */
export async function upcomingMeetings(userId: string, now: Date): Promise<ParsedMeeting[]> {
  return upcoming((await calendarSources.of(userId))?.meetings ?? [], now);
}

/** The digest's calls: the person's meetings of their day at `now` (their zone, UTC unset) not yet over, soonest first. */
export async function callsOfDay(userId: string, timeZone: string | null, now: Date): Promise<ParsedMeeting[]> {
  const today = localTime(now, timeZone).date;
  return (await upcomingMeetings(userId, now)).filter((meeting) => localTime(new Date(meeting.start), timeZone).date === today);
}

/** The ids of the people with a calendar connected, from the listing alone (the digest reads their calls). */
export const peopleWithCalendar = async (): Promise<ReadonlySet<string>> => new Set(await calendarSources.userIds());

/** The next call shows on the home page from this long before it starts. */
const NEXT_CALL_NOTICE_MS = 24 * 60 * 60 * 1000;

/** The home page's next call: the first meeting not yet over, once it starts within 24 hours, with its people from outside the company; else null. */
export async function nextCall(userId: string, now: Date): Promise<ParsedMeeting | null> {
  const [first] = await upcomingMeetings(userId, now);
  if (!first || Date.parse(first.start) - now.getTime() > NEXT_CALL_NOTICE_MS) return null;
  const own = companyDomains();
  return { ...first, attendees: first.attendees.filter(({ domain }) => !isCompanyDomain(domain, own)) };
}

/** One meeting read from the person's calendar (ended ones too), or null. */
export async function storedMeeting(userId: string, meetingId: string): Promise<ParsedMeeting | null> {
  return (await calendarSources.of(userId))?.meetings.find((meeting) => meeting.id === meetingId) ?? null;
}

/** Calendars read at once by the hourly pass. */
const REFRESH_CONCURRENCY = 4;

/**
 * Reads every connected calendar again, starting no new read after `budgetMs` (the rest wait for the next
 * hour). Answers the counts; a calendar that fails is recorded as failed, never stops the pass.
 */
export async function refreshAllCalendars(
  now: Date,
  budgetMs: number,
  clock: () => number = Date.now,
): Promise<{ read: number; failed: number; left: number }> {
  const started = clock();
  const userIds = await calendarSources.userIds();
  const counts = { read: 0, failed: 0, left: 0 };
  let next = 0;
  const worker = async () => {
    while (next < userIds.length) {
      const userId = userIds[next++]!;
      if (clock() - started > budgetMs) {
        counts.left += 1;
        continue;
      }
      try {
        const result = await refreshCalendar(userId, now);
        counts[result.status === 'ok' ? 'read' : 'failed'] += 1;
      } catch (error) {
        counts.failed += 1;
        // The reason only: an address never appears in a message.
        console.error('calendar refresh failed', error instanceof HttpError ? error.message : (error as Error)?.name);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(REFRESH_CONCURRENCY, userIds.length) }, worker));
  return counts;
}
