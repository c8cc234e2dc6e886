// Reading iCalendar files into the external meetings of the next 14 days: calendars as Google Calendar,
// Outlook/Exchange and Apple Calendar publish them (a weekly meeting with a moved and a cancelled instance,
// two time zones, an all-day event, a declined meeting), and the files the hub refuses.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALENDAR_PARSE_MESSAGES, parseCalendar, PARSE_BUDGET_MS, type ParseContext } from '~/server/calendar/parse-calendar';

const fixture = (name: string) => readFileSync(path.join('tests/fixtures/calendars', name), 'utf8');
const context: ParseContext = {
  now: new Date('2027-01-12T20:00:00Z'),
  ownAddress: 'alex@parcelwise.example',
  companyDomains: ['parcelwise.example'],
};
const summary = (body: string, over: Partial<ParseContext> = {}) =>
  parseCalendar(body, { ...context, ...over }).map((meeting) => `${meeting.start} ${meeting.end} ${meeting.title}`);

const event = (lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VEVENT', ...lines, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');

describe('calendars as the products publish them', () => {
  it('Google: the weekly meeting moved in from before now, the next one, not the cancelled one; New York, Berlin and UTC; no all-day, declined, internal or cancelled event', () => {
    expect(summary(fixture('google.ics'))).toEqual([
      '2027-01-14T08:00:00.000Z 2027-01-14T09:00:00.000Z Globex discovery call',
      '2027-01-14T19:00:00.000Z 2027-01-14T19:30:00.000Z Acme weekly sync (moved)',
      '2027-01-19T15:00:00.000Z 2027-01-19T15:30:00.000Z Acme weekly sync',
      '2027-01-20T16:00:00.000Z 2027-01-20T16:45:00.000Z Hooli renewal',
    ]);
  });

  it('Outlook: Windows time zone names (Pacific, W. Europe), a room left out of the attendees, an address in capitals', () => {
    expect(summary(fixture('outlook.ics'))).toEqual([
      '2027-01-13T18:00:00.000Z 2027-01-13T18:30:00.000Z Contoso rollout check-in',
      '2027-01-15T13:00:00.000Z 2027-01-15T14:00:00.000Z Fabrikam pricing discussion',
      '2027-01-21T17:00:00.000Z 2027-01-21T17:30:00.000Z Northwind first call',
      '2027-01-26T17:00:00.000Z 2027-01-26T17:30:00.000Z Contoso rollout check-in',
    ]);
    const meetings = parseCalendar(fixture('outlook.ics'), context);
    expect(meetings[1]!.attendees).toEqual([{ name: 'Lotte de Vries', domain: 'fabrikam.nl' }]);
    expect(meetings[2]!.attendees).toEqual([{ name: 'Ravi Patel', domain: 'northwind-traders.com' }]);
    // The rep is not among the attendees; a colleague is.
    expect(meetings[3]!.attendees).toEqual([
      { name: 'Kim Tran', domain: 'contoso.com' },
      { name: 'Blake Chen', domain: 'parcelwise.example' },
    ]);
  });

  it('Apple: London and Singapore, an attendee known by EMAIL beside a urn:uuid, quoted names', () => {
    const meetings = parseCalendar(fixture('apple.ics'), context);
    expect(meetings.map((meeting) => `${meeting.start} ${meeting.title}`)).toEqual([
      '2027-01-14T09:30:00.000Z Wayfarer Freight weekly',
      '2027-01-15T01:00:00.000Z Merlion Logistics intro',
      '2027-01-19T08:00:00.000Z Wayfarer Freight weekly',
      '2027-01-21T10:00:00.000Z Quayside onboarding',
    ]);
    expect(meetings[0]).toMatchObject({
      attendees: [{ name: 'Olivia Hart', domain: 'wayfarer.co.uk' }],
      location: 'Wayfarer Freight, 10 Dock Road, London',
    });
  });

  it('keeps only title, times, attendee names and domains and location: no description, no full address', () => {
    const [meeting] = parseCalendar(fixture('google.ics'), context);
    expect(Object.keys(meeting!).sort()).toEqual(['attendees', 'end', 'id', 'location', 'start', 'title']);
    expect(JSON.stringify(parseCalendar(fixture('google.ics'), context))).not.toMatch(/@|meet\.google|carrier costs/);
  });

  it('gives each instance an id that stays the same across reads and when the instance is moved', () => {
    const first = parseCalendar(fixture('google.ics'), context);
    const later = parseCalendar(fixture('google.ics'), { ...context, now: new Date('2027-01-13T09:00:00Z') });
    expect(later.map((meeting) => meeting.id)).toEqual(first.map((meeting) => meeting.id));
    expect(new Set(first.map((meeting) => meeting.id)).size).toBe(first.length);
    const unmoved = fixture('google.ics').replace(
      /BEGIN:VEVENT\r\nDTSTART;TZID=America\/New_York:20270114T140000[\s\S]*?END:VEVENT\r\n/,
      '',
    );
    const acme = (body: string) => parseCalendar(body, context).filter((meeting) => meeting.title.startsWith('Acme'));
    expect(acme(unmoved)).toHaveLength(1); // the Jan 12 instance is past now, unmoved
    const movedLater = fixture('google.ics').replace('20270114T140000', '20270115T140000').replace('20270114T143000', '20270115T143000');
    expect(acme(movedLater)[0]!.id).toBe(acme(fixture('google.ics'))[0]!.id);
  });

  it('counts every company domain and its subdomains as internal; the default company makes Globex internal too when named', () => {
    const titles = (domains: string[]) => parseCalendar(fixture('google.ics'), { ...context, companyDomains: domains }).map((m) => m.title);
    expect(titles(['parcelwise.example', 'globex.de'])).not.toContain('Globex discovery call');
    const sub = event([
      'UID:s1',
      'DTSTART:20270114T100000Z',
      'DTEND:20270114T110000Z',
      'SUMMARY:Sub',
      'ORGANIZER:mailto:x@eu.parcelwise.example',
    ]);
    expect(parseCalendar(sub, context)).toEqual([]);
  });

  it('leaves out an instance cancelled by its own override, and one the rep declined only that time', () => {
    const base = [
      'UID:w1',
      'DTSTART:20270113T100000Z',
      'DTEND:20270113T110000Z',
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'SUMMARY:Weekly',
      'ORGANIZER:mailto:buyer@acme.com',
      'ATTENDEE;PARTSTAT=ACCEPTED:mailto:alex@parcelwise.example',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:w1',
      'RECURRENCE-ID:20270113T100000Z',
      'DTSTART:20270113T100000Z',
      'DTEND:20270113T110000Z',
      'STATUS:CANCELLED',
      'SUMMARY:Weekly',
      'ORGANIZER:mailto:buyer@acme.com',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:w1',
      'RECURRENCE-ID:20270120T100000Z',
      'DTSTART:20270120T100000Z',
      'DTEND:20270120T110000Z',
      'SUMMARY:Weekly',
      'ORGANIZER:mailto:buyer@acme.com',
      'ATTENDEE;PARTSTAT=DECLINED:mailto:alex@parcelwise.example',
    ];
    expect(summary(event(base))).toEqual([]);
    // Jan 27 is past the 14 days; in a later window it is the one left.
    expect(summary(event(base), { now: new Date('2027-01-14T00:00:00Z') })).toEqual([
      '2027-01-27T10:00:00.000Z 2027-01-27T11:00:00.000Z Weekly',
    ]);
  });

  it('keeps a meeting under way, not one that ended, nor one beyond 14 days', () => {
    const meeting = (start: string, end: string) =>
      event(['UID:x', `DTSTART:${start}`, `DTEND:${end}`, 'SUMMARY:Call', 'ORGANIZER:mailto:buyer@acme.com']);
    expect(summary(meeting('20270112T193000Z', '20270112T203000Z'))).toHaveLength(1);
    expect(summary(meeting('20270112T190000Z', '20270112T200000Z'))).toEqual([]);
    expect(summary(meeting('20270126T200000Z', '20270126T210000Z'))).toEqual([]);
    expect(summary(meeting('20270126T195900Z', '20270126T210000Z'))).toHaveLength(1);
  });
});

describe('files the hub refuses, storing nothing', () => {
  it('a page that is not iCalendar', () => {
    expect(() => parseCalendar('<!doctype html><title>Sign in</title>', context)).toThrow(CALENDAR_PARSE_MESSAGES.notCalendar);
    expect(() => parseCalendar('', context)).toThrow(CALENDAR_PARSE_MESSAGES.notCalendar);
  });

  it.each(['20271345T250000Z', 'notadate', '2027', '20270230T100000Z', '20270114T246000Z'])('a date that cannot be read: %s', (value) => {
    const body = event(['UID:b1', `DTSTART:${value}`, 'DTEND:20270114T100000Z', 'SUMMARY:Broken call', 'ORGANIZER:mailto:a@acme.com']);
    expect(() => parseCalendar(body, context)).toThrow(CALENDAR_PARSE_MESSAGES.badDate('Broken call'));
  });

  it('an EXDATE or RECURRENCE-ID that cannot be read', () => {
    const body = event([
      'UID:b2',
      'DTSTART:20270114T090000Z',
      'RRULE:FREQ=DAILY',
      'EXDATE:2027011X',
      'SUMMARY:Daily',
      'ORGANIZER:mailto:a@acme.com',
    ]);
    expect(() => parseCalendar(body, context)).toThrow(CALENDAR_PARSE_MESSAGES.badDate('Daily'));
  });

  it('a calendar whose reading outlasts the budget is refused, not finished', () => {
    let time = 0;
    const clock = () => (time += PARSE_BUDGET_MS / 2);
    expect(() => parseCalendar(fixture('google.ics'), { ...context, clock })).toThrow(CALENDAR_PARSE_MESSAGES.tooLarge);
  });
});

describe('a calendar of 20,000 events', () => {
  it('is read within the budget when its events are ordinary (mostly past or internal, a few external ones)', () => {
    const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0'];
    const expected: string[] = [];
    for (let index = 0; index < 20_000; index += 1) {
      const start = `${index % 5 === 0 ? '202701' : '202612'}${String((index % 28) + 1).padStart(2, '0')}T100000Z`;
      // Most events of a busy calendar are one's own (no organizer); one in a thousand has a buyer.
      const organizer =
        index % 1000 === 0 ? ['ORGANIZER:mailto:buyer@acme.com'] : index % 10 === 0 ? ['ORGANIZER:mailto:t@parcelwise.example'] : [];
      lines.push('BEGIN:VEVENT', `UID:e${index}`, `DTSTART:${start}`, `SUMMARY:E${index}`, ...organizer, 'END:VEVENT');
      if (organizer[0]?.includes('acme') && start >= '20270113' && start < '20270126T2') expected.push(`E${index}`);
    }
    lines.push('END:VCALENDAR');
    const body = lines.join('\r\n');
    expect(body.length).toBeLessThan(2 * 1024 * 1024);
    // A clock that stands still: this checks what is read, not how fast this machine reads it.
    const meetings = parseCalendar(body, { ...context, clock: () => 0 });
    expect(meetings.map((meeting) => meeting.title).sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(3);
  });

  it('of endless daily series with outsiders is refused within the budget with the message', () => {
    const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0'];
    for (let index = 0; index < 20_000; index += 1) {
      lines.push(
        'BEGIN:VEVENT',
        `UID:d${index}`,
        'DTSTART:19900101T100000Z',
        'RRULE:FREQ=DAILY',
        'SUMMARY:D',
        'ORGANIZER:mailto:a@acme.com',
        'END:VEVENT',
      );
    }
    lines.push('END:VCALENDAR');
    // Each look at the clock takes a millisecond: the budget runs out after a known number of events, on any machine.
    let elapsed = 0;
    const clock = () => (elapsed += 1);
    expect(() => parseCalendar(lines.join('\r\n'), { ...context, clock })).toThrow(CALENDAR_PARSE_MESSAGES.tooLarge);
    expect(elapsed).toBeGreaterThan(PARSE_BUDGET_MS);
    expect(elapsed).toBeLessThan(PARSE_BUDGET_MS + 10);
  });
});
