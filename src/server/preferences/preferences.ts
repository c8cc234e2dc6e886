/**
 * A person's preferences (docs/product.md "Settings (/settings)"; docs/decisions.md "Digest preferences"): the e-mail
 * digest (daily, weekly or off), its hour and time zone, a vacation hold of reviews, which also pauses
 * the digest, the working days the challenge streak follows, and the reminder before an unprepared call. The review schedule, the challenge's
 * windows and streak, and the digest read them from here.
 */
import type { Preferences, UpdatePreferencesRequest } from '~/shared/api/preferences';
import { dayOf } from '~/shared/review/days';
import { DEFAULT_WORKING_DAYS } from '~/shared/review/streak';
import { HttpError } from '~/server/errors';
import { addDays, localTime } from '~/shared/time-zone';
import { preferences, type StoredPreferences } from './storage/preferences';

export const DEFAULT_PREFERENCES: Preferences = {
  digest: 'daily',
  hour: 8,
  timeZone: null,
  reviewHoldUntil: null,
  workingDays: [...DEFAULT_WORKING_DAYS],
  callReminders: false,
};

/** A hold may end at most this many days after today. */
export const MAX_HOLD_DAYS = 60;

const asPreferences = (stored: StoredPreferences | null): Preferences =>
  stored
    ? {
        digest: stored.digest,
        hour: stored.hour,
        timeZone: stored.timeZone,
        reviewHoldUntil: stored.reviewHoldUntil,
        // A record from before working days: Monday to Friday, which keeps every streak it had (days off only skip).
        workingDays: stored.workingDays ?? [...DEFAULT_WORKING_DAYS],
        callReminders: stored.callReminders ?? false,
      }
    : DEFAULT_PREFERENCES;

/** The person's preferences, the defaults when they never changed any. */
export async function getPreferences(userId: string): Promise<Preferences> {
  return asPreferences(await preferences.of(userId));
}

/** Every stored preference record with its person (people without one have the defaults). */
export async function storedPreferencesByUser(): Promise<Map<string, Preferences>> {
  return new Map((await preferences.all()).map((stored) => [stored.userId, asPreferences(stored)]));
}

/** 400 unless the hold ends today or later and at most MAX_HOLD_DAYS days ahead, on the person's calendar. */
function checkHold(holdUntil: string, timeZone: string | null, now: Date): void {
  const today = localTime(now, timeZone).date;
  if (holdUntil < today) throw new HttpError(400, 'reviewHoldUntil: must be today or later');
  if (holdUntil > addDays(today, MAX_HOLD_DAYS)) {
    throw new HttpError(
      400,
      `reviewHoldUntil: must be at most ${MAX_HOLD_DAYS} days ahead (${addDays(today, MAX_HOLD_DAYS)} at the latest)`,
    );
  }
}

/** PATCH /api/preferences: the fields given change; a new hold is checked against today. */
export async function updatePreferences(userId: string, change: UpdatePreferencesRequest, now: Date): Promise<Preferences> {
  const current = await getPreferences(userId);
  const next: Preferences = {
    digest: change.digest ?? current.digest,
    hour: change.hour ?? current.hour,
    timeZone: change.timeZone ?? current.timeZone,
    reviewHoldUntil: change.reviewHoldUntil === undefined ? current.reviewHoldUntil : change.reviewHoldUntil,
    workingDays: change.workingDays ? [...change.workingDays].sort((a, b) => a - b) : current.workingDays,
    callReminders: change.callReminders ?? current.callReminders,
  };
  if (next.reviewHoldUntil !== null && next.reviewHoldUntil !== current.reviewHoldUntil)
    checkHold(next.reviewHoldUntil, next.timeZone, now);
  await preferences.save({ userId, ...next, updatedAt: now.toISOString() });
  return next;
}

/** The signed unsubscribe link: the digest off, nothing else changed. */
export async function turnDigestOff(userId: string, now: Date): Promise<void> {
  const current = await getPreferences(userId);
  if (current.digest !== 'off') await preferences.save({ userId, ...current, digest: 'off', updatedAt: now.toISOString() });
}

/**
 * What the review schedule needs of the preferences: the hold's last day (a day number), the time zone
 * and the working days (the streak's).
 */
export interface ReviewPreferences {
  holdUntil: number | null;
  timeZone: string | null;
  workingDays: number[];
}

export const reviewPreferencesOf = (prefs: Pick<Preferences, 'reviewHoldUntil' | 'timeZone' | 'workingDays'>): ReviewPreferences => ({
  holdUntil: prefs.reviewHoldUntil === null ? null : dayOf(Date.parse(`${prefs.reviewHoldUntil}T00:00:00Z`)),
  timeZone: prefs.timeZone,
  workingDays: prefs.workingDays,
});

/** The person's review preferences, read (one key) beside the other reads of their review state. */
export async function readReviewPreferences(userId: string): Promise<ReviewPreferences> {
  return reviewPreferencesOf(await getPreferences(userId));
}

/** Whether a hold covers the person's day at `now` (the digest pauses with it). */
export function isHeld(prefs: Pick<Preferences, 'reviewHoldUntil' | 'timeZone'>, now: Date): boolean {
  return prefs.reviewHoldUntil !== null && localTime(now, prefs.timeZone).date <= prefs.reviewHoldUntil;
}
