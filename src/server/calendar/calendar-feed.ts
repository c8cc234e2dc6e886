// A person's own calendar feed (docs/product.md "Your calendar feed"): a private iCalendar address that
// calendar apps read without a session, with the person's open plan items, the days their reviews are due
// and the practice scenarios coming back. The address is the credential: `<user id>_<secret>`, the secret 256
// random bits of which only a digest is compared (and a sealed copy kept, so settings can show the address
// again). The user id in it lets the person's records be listed beside the check of the secret (a GET waits
// for at most two round trips); nothing is read further, nor answered, until the secret matched.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { accountsByIds } from '~/server/accounts/people';
import { siteUrl } from '~/server/config';
import { practiceComingBack } from '~/server/practice/practice';
import { listPlanRecords, planFromRecords, planRecordsOf } from '~/server/programs/programs';
import { reviewsDueByDay } from '~/server/review/review';
import { loadReviewState } from '~/server/review/review-state';
import { localTime } from '~/shared/time-zone';
import { openAddress, sealAddress } from './calendar-address';
import { buildCalendarFeed, type FeedContent } from './feed-builder';
import { calendarFeeds } from './storage/calendar-feeds';

/** The feed's address after the origin: the token is the file name. */
const FEED_PATH = '/api/calendar/';
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
/** Review days shown ahead, today included. */
const REVIEW_DAYS = 14;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const urlOf = (userId: string, secret: string) => `${siteUrl()}${FEED_PATH}${userId}_${secret}.ics`;

/** A new address for the person: the old one, if any, stops answering at once. */
export async function rotateCalendarFeed(userId: string, now: Date): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await calendarFeeds.save({
    userId,
    secretHash: hashOf(secret),
    secret: sealAddress(secret, 'parcelwise-calendar-feed'),
    createdAt: now.toISOString(),
  });
  return urlOf(userId, secret);
}

/** The person's feed address, or null when they have none (or SESSION_SECRET changed since: rotating makes a new one). */
export async function calendarFeedUrl(userId: string): Promise<string | null> {
  const feed = await calendarFeeds.of(userId);
  const secret = feed && openAddress(feed.secret, 'parcelwise-calendar-feed');
  return secret ? urlOf(userId, secret) : null;
}

function secretMatches(secret: string, storedHash: string): boolean {
  return timingSafeEqual(Buffer.from(hashOf(secret), 'hex'), Buffer.from(storedHash, 'hex'));
}

/** The feed of the token (`<user id>_<secret>`), or null for a malformed, unknown or rotated one, or an account disabled or gone. */
export async function calendarFeed(token: string, now: Date): Promise<string | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, userId, secret] = match as unknown as [string, string, string];
  const review = loadReviewState(userId, now);
  // The listings go out with the check; the bodies they name are read only once it passed.
  const [feed, [account], listing, practice] = await Promise.all([
    calendarFeeds.of(userId),
    accountsByIds([userId]),
    listPlanRecords(userId, now, review),
    practiceComingBack(userId),
  ]);
  if (!feed || !secretMatches(secret, feed.secretHash) || !account || account.disabled) return null;
  const state = await review;
  const [plan, reviews] = await Promise.all([
    planRecordsOf(listing).then((records) => planFromRecords(userId, records, now)),
    reviewsDueByDay(userId, state, now, REVIEW_DAYS),
  ]);
  const content: FeedContent = {
    plan: (plan?.items ?? [])
      .filter((item) => item.status !== 'done')
      .map(({ id, title, dueDate, href, required }) => ({ id, title, dueDate, href, required })),
    planKey: plan ? `${plan.program.id}.${plan.startDate}` : '',
    reviews,
    practice: practice.map(({ scenarioId, title, dueAt }) => ({ scenarioId, title, dueDate: localTime(dueAt, state.timeZone).date })),
  };
  return buildCalendarFeed(content, { origin: siteUrl(), userId, now });
}
