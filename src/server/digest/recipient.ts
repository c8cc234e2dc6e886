/**
 * Who gets a digest in an hour's pass, and what goes in it: the person's hour (on their clock, UTC until
 * they set a zone) must have begun in that hour; daily people get their part every day, weekly people on
 * Mondays, administrators the team's part on Mondays; a vacation hold pauses it all; off means nothing.
 */
import type { Preferences } from '~/shared/api/preferences';
import type { StoredUser } from '~/server/accounts/user-record';
import { isAdmin } from '~/server/accounts/roles';
import { isHeld, reviewPreferencesOf } from '~/server/preferences/preferences';
import type { PlanDigest } from '~/server/programs/plan-digest';
import { dueReviewCount } from '~/server/review/review';
import { challengeStreakOf, loadReviewState } from '~/server/review/review-state';
import type { OutgoingMail } from '~/server/mail/transport';
import { localTime, zonedInstant } from '~/shared/time-zone';
import type { DigestCandidate } from './candidates';
import { clockTime } from '~/shared/meeting-time';
import type { DigestCall, DigestContent, DigestLinks, PracticeDigest } from './compose';
import type { TeamDigest } from './team-digest';

const HOUR_MS = 60 * 60 * 1000;
const MONDAY = 1;

export interface DigestDue {
  /** The person's date (YYYY-MM-DD) the digest is for: one a day at most. */
  date: string;
  personal: boolean;
  monday: boolean;
}

/** Whether the person's digest hour began within the hour starting at `hourStart`, and for which parts. */
export function dueAt(prefs: Preferences, hourStart: Date): DigestDue | null {
  if (prefs.digest === 'off' || isHeld(prefs, hourStart)) return null;
  const local = localTime(hourStart, prefs.timeZone);
  const begins = zonedInstant(local.date, prefs.hour, prefs.timeZone).getTime();
  // Zones half an hour off UTC reach the hour within a UTC hour: the pass after it sends.
  if (begins > hourStart.getTime() || begins <= hourStart.getTime() - HOUR_MS) return null;
  const monday = local.weekday === MONDAY;
  return { date: local.date, personal: prefs.digest === 'daily' || monday, monday };
}

export interface Recipient {
  user: StoredUser;
  preferences: Preferences;
  date: string;
  personal: boolean;
  team: boolean;
}

/** Where the parts come from and where the mail goes: the real ones in the function, given ones in tests. */
export interface DigestSources {
  /** Who of these people may have something in their digest (./candidates.ts); only they are read. */
  candidates: (people: readonly DigestCandidate[], now: Date) => Promise<Set<string>>;
  send: (mail: OutgoingMail) => Promise<void>;
  planFor: (userId: string, now: Date) => Promise<PlanDigest | null>;
  /** The practice part: reviews since `since`, scenarios due again, and attempts waiting when `reviewer`. */
  practiceFor: (userId: string, reviewer: boolean, since: Date, now: Date) => Promise<PracticeDigest | null>;
  /** The external meetings of the person's day at `now` in their zone (the calendar's service). */
  callsFor: (userId: string, timeZone: string | null, now: Date) => Promise<Array<{ id: string; title: string; start: string }>>;
  /** The team's part, computed once per pass. */
  team: () => Promise<TeamDigest>;
  links: (userId: string) => DigestLinks;
}

/** The person's content at `now`: reviews due, streak, plan part, the day's calls, and the team's part for administrators. */
export async function digestOf(recipient: Recipient, now: Date, sources: DigestSources): Promise<DigestContent> {
  const { user, preferences } = recipient;
  const load = async () => {
    const state = await loadReviewState(user.id, now, reviewPreferencesOf(preferences));
    return { due: await dueReviewCount(user.id, state, now), streak: challengeStreakOf(state, now) };
  };
  // Reviews since the last digest: a day for a daily one, a week for a weekly one.
  const since = new Date(now.getTime() - (preferences.digest === 'weekly' ? 7 : 1) * 24 * HOUR_MS);
  const calls = async (): Promise<DigestCall[]> =>
    (await sources.callsFor(user.id, preferences.timeZone, now)).map((call) => ({
      meetingId: call.id,
      time: clockTime(call.start, preferences.timeZone),
      title: call.title,
    }));
  const [review, plan, team, practice, todaysCalls] = await Promise.all([
    recipient.personal ? load() : Promise.resolve({ due: 0, streak: 0 }),
    recipient.personal ? sources.planFor(user.id, now) : Promise.resolve(null),
    recipient.team ? sources.team() : Promise.resolve(null),
    recipient.personal ? sources.practiceFor(user.id, isAdmin(user), since, now) : Promise.resolve(null),
    recipient.personal ? calls() : Promise.resolve([]),
  ]);
  return { name: user.name, reviewsDue: review.due, streak: review.streak, plan, team, practice, calls: todaysCalls };
}

/** RFC 8058: a mail client offers "Unsubscribe" and POSTs `List-Unsubscribe=One-Click` to the link. */
export const unsubscribeHeaders = (links: DigestLinks): Record<string, string> => ({
  'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
