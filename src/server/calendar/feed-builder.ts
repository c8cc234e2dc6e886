// The calendar feed's text (docs/product.md "Your calendar feed"): one all-day event per open plan item on
// its due date, per day with reviews due (with their count), per practice scenario on the day it comes
// back. Pure. A UID names what the event is about (and whose), never when it was built, so calendar apps
// update an event in place; a scenario passed again comes back on another day, under a new UID.
import { createHash } from 'node:crypto';
import ical, { type ICalEventData } from 'ical-generator';
import type { ReviewDay } from '~/server/review/review';

export interface FeedContent {
  /** The open items of the person's plan (none without a program), due dates on their calendar. */
  plan: Array<{ id: string; title: string; dueDate: string; href: string; required: boolean }>;
  /** The plan's program and start date (`<program id>.<YYYY-MM-DD>`): a new assignment's items are new events. */
  planKey: string;
  reviews: ReviewDay[];
  practice: Array<{ scenarioId: string; title: string; dueDate: string }>;
}

export interface FeedOptions {
  /** The portal's origin, for the events' links and their UIDs' domain. */
  origin: string;
  userId: string;
  /** When the feed is built (each event's DTSTAMP). */
  now: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`);
const reviewsText = (count: number) => (count === 1 ? '1 review due' : `${count} reviews due`);

export function buildCalendarFeed(content: FeedContent, { origin, userId, now }: FeedOptions): string {
  const host = new URL(origin).host;
  // The UIDs of two people's feeds never meet: a digest of the person, not their id.
  const person = createHash('sha256').update(`calendar-feed:${userId}`).digest('hex').slice(0, 16);
  const uid = (...parts: string[]) => `${[...parts, person].join('.')}@${host}`;
  const calendar = ical({
    name: 'Learning Hub',
    description: 'Your plan, reviews and practice in the Learning Hub',
    prodId: { company: 'Learning Hub', product: 'Calendar feed', language: 'EN' },
  });
  const event = (id: string, date: string, summary: string, path: string): ICalEventData => ({
    id,
    start: dayStart(date),
    end: new Date(dayStart(date).getTime() + DAY_MS),
    allDay: true,
    stamp: now,
    summary,
    url: `${origin}${path}`,
    description: `Open it in the Learning Hub: ${origin}${path}`,
  });
  for (const item of content.plan) {
    const summary = item.required ? `Due: ${item.title}` : `Due (optional): ${item.title}`;
    calendar.createEvent(event(uid('plan', content.planKey, item.id), item.dueDate, summary, item.href));
  }
  for (const day of content.reviews) {
    calendar.createEvent(event(uid('reviews', day.date), day.date, reviewsText(day.count), '/review'));
  }
  for (const scenario of content.practice) {
    calendar.createEvent(
      event(
        uid('practice', scenario.scenarioId, scenario.dueDate),
        scenario.dueDate,
        `Practise again: ${scenario.title}`,
        `/practice/${scenario.scenarioId}`,
      ),
    );
  }
  return calendar.toString();
}
