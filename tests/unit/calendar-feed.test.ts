// The calendar feed's text: the exact events of a person's open plan items, review days and practice coming
// back (summaries, all-day dates, stable UIDs, absolute links), read back with node-ical as calendar apps
// read it, a title with commas and semicolons included.
import { createHash } from 'node:crypto';
import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import { buildCalendarFeed, type FeedContent } from '~/server/calendar/feed-builder';

const ORIGIN = 'https://hub.parcelwise.example';
const USER = '11111111-2222-4333-8444-555555555555';
const NOW = new Date('2027-01-12T20:00:00.000Z');
const person = createHash('sha256').update(`calendar-feed:${USER}`).digest('hex').slice(0, 16);

const content: FeedContent = {
  plan: [
    { id: 'read-icp', title: 'Read the ideal customer profile', dueDate: '2027-01-14', href: '/ideal-customer-profile', required: true },
    { id: 'pricing-quiz', title: 'Pricing, tiers; and discounts', dueDate: '2027-01-10', href: '/quizzes/4', required: true },
    { id: 'extra-reading', title: 'Case studies', dueDate: '2027-01-20', href: '/resources', required: false },
  ],
  planKey: 'sdr-onboarding.2027-01-04',
  reviews: [
    { date: '2027-01-12', count: 7 },
    { date: '2027-01-15', count: 1 },
  ],
  practice: [{ scenarioId: 'cold-call-opener', title: 'Cold call opener', dueDate: '2027-02-01' }],
};

type Parsed = { uid: string; summary: string; start: Date & { dateOnly?: boolean }; end: Date; url: string; description: string };
type Raw = Omit<Parsed, 'url'> & { url: string | { val: string } };
const eventsOf = (text: string): Parsed[] =>
  Object.values(ical.sync.parseICS(text))
    .filter((component) => component?.type === 'VEVENT')
    .map((component) => {
      const event = component as unknown as Raw;
      return { ...event, url: typeof event.url === 'string' ? event.url : event.url.val };
    });
/** node-ical makes a date-only value local midnight. */
const dateOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('the calendar feed', () => {
  const text = buildCalendarFeed(content, { origin: ORIGIN, userId: USER, now: NOW });
  const events = eventsOf(text);

  it('has one all-day event per open plan item, review day and scenario coming back, with exact summaries, dates and links', () => {
    expect(events.map((event) => [event.summary, dateOf(event.start), dateOf(event.end), event.url])).toEqual([
      ['Due: Read the ideal customer profile', '2027-01-14', '2027-01-15', `${ORIGIN}/ideal-customer-profile`],
      ['Due: Pricing, tiers; and discounts', '2027-01-10', '2027-01-11', `${ORIGIN}/quizzes/4`],
      ['Due (optional): Case studies', '2027-01-20', '2027-01-21', `${ORIGIN}/resources`],
      ['7 reviews due', '2027-01-12', '2027-01-13', `${ORIGIN}/review`],
      ['1 review due', '2027-01-15', '2027-01-16', `${ORIGIN}/review`],
      ['Practise again: Cold call opener', '2027-02-01', '2027-02-02', `${ORIGIN}/practice/cold-call-opener`],
    ]);
    for (const event of events) {
      expect(event.start.dateOnly).toBe(true);
      expect(event.description).toBe(`Open it in the Learning Hub: ${event.url}`);
    }
    expect(text).toContain('DTSTART;VALUE=DATE:20270114');
    expect(text).toContain('DTSTAMP:20270112T200000Z');
    expect(text).toContain('SUMMARY:Due: Pricing\\, tiers\\; and discounts');
    expect(text).toContain('X-WR-CALNAME:Learning Hub');
  });

  it('gives each event a UID from what it is about and whose, the same in every build', () => {
    expect(events.map((event) => event.uid)).toEqual([
      `plan.sdr-onboarding.2027-01-04.read-icp.${person}@hub.parcelwise.example`,
      `plan.sdr-onboarding.2027-01-04.pricing-quiz.${person}@hub.parcelwise.example`,
      `plan.sdr-onboarding.2027-01-04.extra-reading.${person}@hub.parcelwise.example`,
      `reviews.2027-01-12.${person}@hub.parcelwise.example`,
      `reviews.2027-01-15.${person}@hub.parcelwise.example`,
      `practice.cold-call-opener.2027-02-01.${person}@hub.parcelwise.example`,
    ]);
    const later = buildCalendarFeed(content, { origin: ORIGIN, userId: USER, now: new Date('2027-01-13T08:00:00.000Z') });
    expect(eventsOf(later).map((event) => event.uid)).toEqual(events.map((event) => event.uid));
    const someoneElse = buildCalendarFeed(content, { origin: ORIGIN, userId: '99999999-2222-4333-8444-555555555555', now: NOW });
    expect(eventsOf(someoneElse).map((event) => event.uid)).not.toContain(events[0]!.uid);
    expect(text).not.toContain(USER);
  });

  it('is an empty calendar, still valid, when nothing is due', () => {
    const empty = buildCalendarFeed({ plan: [], planKey: '', reviews: [], practice: [] }, { origin: ORIGIN, userId: USER, now: NOW });
    expect(empty.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(eventsOf(empty)).toEqual([]);
  });
});
