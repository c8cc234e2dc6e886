// From an iCalendar file to the external meetings of the next 14 days, with node-ical (time zones by TZID,
// Windows names included, and UTC; recurrences with their moved and cancelled instances). Kept of each
// meeting: title, start, end, attendee names and e-mail domains, location; nothing else of the calendar.
// Pure: the time, the rep's address and the company's domains are given.
import { createHash } from 'node:crypto';
import ical, { type Attendee, type EventInstance, type Organizer, type ParameterValue, type VEvent } from 'node-ical';
import { HttpError } from '~/server/errors';

const MEETING_WINDOW_DAYS = 14;
/** Meetings kept of one calendar: far more than two weeks of calls. */
const MAX_MEETINGS = 200;
/** Time the parse and expansion may take before the calendar is refused as too large. */
export const PARSE_BUDGET_MS = 4_000;
const MAX_ATTENDEES = 50;
const MAX_TEXT = 200;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Recurrences are expanded over a wider range, so an instance moved into the window from outside it is seen. */
const MOVE_MARGIN_MS = 7 * DAY_MS;

export const CALENDAR_PARSE_MESSAGES = {
  notCalendar: 'That address did not answer with a calendar in iCalendar format.',
  badDate: (title: string) => `The calendar has an event with a date that cannot be read (“${title}”). Nothing was saved.`,
  tooLarge: 'The calendar has too many events to read in time. Nothing was saved.',
} as const;

interface ParsedAttendee {
  name: string;
  domain: string;
}

export interface ParsedMeeting {
  id: string;
  title: string;
  start: string;
  end: string;
  attendees: ParsedAttendee[];
  location: string | null;
}

export interface ParseContext {
  now: Date;
  /** The rep's own address: their declines count, and they are not listed among the attendees. */
  ownAddress: string;
  /** Lower-case domains of the company; everyone else is external. */
  companyDomains: readonly string[];
  /** The clock the budget is measured on (tests pass their own). */
  clock?: () => number;
}

const text = (value: ParameterValue | undefined): string => {
  const raw = typeof value === 'object' && value !== null ? value.val : value;
  return typeof raw === 'string' ? raw.trim().slice(0, MAX_TEXT) : '';
};

interface Person {
  address: string;
  name: string;
  partStat: string | null;
  resource: boolean;
}

function person(value: Attendee | Organizer): Person | null {
  const params = (typeof value === 'object' && value !== null ? value.params : {}) as Record<string, unknown>;
  const raw = typeof value === 'object' && value !== null ? value.val : value;
  const email = typeof params['EMAIL'] === 'string' ? params['EMAIL'] : String(raw ?? '').replace(/^mailto:/i, '');
  const address = email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) return null;
  const cn = typeof params['CN'] === 'string' ? params['CN'].replace(/^"|"$/g, '').trim() : '';
  const cutype = typeof params['CUTYPE'] === 'string' ? params['CUTYPE'].toUpperCase() : 'INDIVIDUAL';
  return {
    address,
    name: (cn || address.split('@')[0]!).slice(0, MAX_TEXT),
    partStat: typeof params['PARTSTAT'] === 'string' ? params['PARTSTAT'].toUpperCase() : null,
    resource: cutype === 'ROOM' || cutype === 'RESOURCE',
  };
}

function peopleOf(event: VEvent): Person[] {
  const attendees = event.attendee === undefined ? [] : Array.isArray(event.attendee) ? event.attendee : [event.attendee];
  const found = attendees.map(person);
  if (event.organizer !== undefined) found.push(person(event.organizer));
  const byAddress = new Map<string, Person>();
  for (const one of found) if (one && !byAddress.has(one.address)) byAddress.set(one.address, one);
  return [...byAddress.values()];
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);
const isCompany = (domain: string, companyDomains: readonly string[]) =>
  companyDomains.some((own) => domain === own || domain.endsWith(`.${own}`));

const invitesOutsider = (event: VEvent, context: ParseContext) =>
  peopleOf(event).some((one) => !one.resource && !isCompany(domainOf(one.address), context.companyDomains));

const validDate = (date: Date | undefined): date is Date => date instanceof Date && Number.isFinite(date.getTime());

/** A stable id of one instance: the event's UID and the start it has in the series (a moved instance keeps its id). */
const meetingId = (uid: string, originalStart: Date) =>
  createHash('sha256').update(`${uid}\u0000${originalStart.toISOString()}`).digest('hex').slice(0, 20);

/** The meeting an instance stands for, or null when it is not one the rep will attend with someone external. */
function meetingOf(instance: EventInstance, context: ParseContext): ParsedMeeting | null {
  const { event } = instance;
  if (instance.isFullDay || String(event.status ?? '').toUpperCase() === 'CANCELLED') return null;
  const people = peopleOf(event);
  const own = people.find((one) => one.address === context.ownAddress);
  if (own?.partStat === 'DECLINED') return null;
  const others = people.filter((one) => one.address !== context.ownAddress && !one.resource);
  if (!others.some((one) => !isCompany(domainOf(one.address), context.companyDomains))) return null;
  const original = instance.isOverride && validDate(event.recurrenceid) ? event.recurrenceid : instance.start;
  return {
    id: meetingId(event.uid, original),
    title: text(event.summary) || '(no title)',
    start: instance.start.toISOString(),
    end: (validDate(instance.end) ? instance.end : instance.start).toISOString(),
    attendees: others.slice(0, MAX_ATTENDEES).map((one) => ({ name: one.name, domain: domainOf(one.address) })),
    location: text(event.location) || null,
  };
}

const DATE_PROPERTY = /^(DTSTART|DTEND|RECURRENCE-ID|EXDATE)(;[^:\r\n]*)?:([^\r\n]*)$/gim;
const DATE_VALUE = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/;

/** A date or date-time value as iCalendar writes it, with a month, day and time that exist. */
function isDateValue(value: string): boolean {
  const parts = DATE_VALUE.exec(value.trim());
  if (!parts) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = parts.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCMonth() === month! - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second <= 60;
}

/** The title of the event whose date property cannot be read, or null: the library would quietly roll 2027-13-45 over. */
function unreadableDate(body: string): string | null {
  for (const match of body.matchAll(DATE_PROPERTY)) {
    if (match[3]!.split(',').every(isDateValue)) continue;
    const from = body.lastIndexOf('BEGIN:VEVENT', match.index);
    const to = body.indexOf('END:VEVENT', match.index);
    const summary = /^SUMMARY[^:\r\n]*:([^\r\n]*)$/m.exec(body.slice(Math.max(from, 0), to < 0 ? undefined : to))?.[1];
    return summary?.trim().slice(0, MAX_TEXT) || '?';
  }
  return null;
}

function parseOrRefuse(body: string): Record<string, unknown> {
  if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(body.slice(0, 200))) throw new HttpError(400, CALENDAR_PARSE_MESSAGES.notCalendar);
  const unreadable = unreadableDate(body);
  if (unreadable !== null) throw new HttpError(400, CALENDAR_PARSE_MESSAGES.badDate(unreadable));
  try {
    return ical.sync.parseICS(body) as Record<string, unknown>;
  } catch {
    throw new HttpError(400, CALENDAR_PARSE_MESSAGES.notCalendar);
  }
}

/**
 * The external meetings of the next 14 days, soonest first; a 400 HttpError for a file that is not a
 * calendar, an event whose date cannot be read, or a calendar too large to read within the budget.
 */
export function parseCalendar(body: string, context: ParseContext): ParsedMeeting[] {
  const clock = context.clock ?? Date.now;
  const started = clock();
  const components = parseOrRefuse(body);
  const from = context.now.getTime();
  const to = from + MEETING_WINDOW_DAYS * DAY_MS;
  const meetings: ParsedMeeting[] = [];
  for (const component of Object.values(components)) {
    if (clock() - started > PARSE_BUDGET_MS) throw new HttpError(400, CALENDAR_PARSE_MESSAGES.tooLarge);
    const event = component as VEvent;
    if (event?.type !== 'VEVENT') continue;
    const overrides = Object.values(event.recurrences ?? {}) as VEvent[];
    for (const one of [event, ...overrides]) {
      if (!validDate(one.start) || (one.end !== undefined && !validDate(one.end))) {
        throw new HttpError(400, CALENDAR_PARSE_MESSAGES.badDate(text(one.summary) || one.uid || '?'));
      }
    }
    // Cheap tests first: a single event outside the window, or a series nobody external is invited to, is not expanded.
    if (!event.rrule && overrides.length === 0 && (event.start.getTime() >= to || (event.end ?? event.start).getTime() < from - DAY_MS))
      continue;
    if (![event, ...overrides].some((one) => invitesOutsider(one, context))) continue;
    let instances: EventInstance[];
    try {
      instances = ical.expandRecurringEvent(event, { from: new Date(from - MOVE_MARGIN_MS), to: new Date(to + MOVE_MARGIN_MS) });
    } catch {
      throw new HttpError(400, CALENDAR_PARSE_MESSAGES.badDate(text(event.summary) || event.uid || '?'));
    }
    for (const instance of instances) {
      const end = (validDate(instance.end) ? instance.end : instance.start).getTime();
      if (end <= from || instance.start.getTime() >= to) continue;
      const meeting = meetingOf(instance, context);
      if (meeting) meetings.push(meeting);
    }
  }
  meetings.sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
  const unique = meetings.filter((meeting, index) => index === 0 || meeting.id !== meetings[index - 1]!.id);
  return unique.slice(0, MAX_MEETINGS);
}
