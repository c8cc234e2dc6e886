/**
 * What a rep has offline (public/sw.js keeps it): the prep pages of the meetings of the next 48 hours, every
 * persona and the plays of every sales situation, for the person signed in and nobody else. Pages name their
 * reader by a keyed digest of the account, so the browser's copy is dropped when someone else signs in.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import type { Meeting } from '~/shared/api/calendar';
import type { OfflinePages } from '~/shared/api/offline';
import { upcomingMeetings } from '~/server/calendar/calendar';
import { sessionSecret } from '~/server/config';
import { getPersonas } from '~/server/content/buyers';

/** How far ahead a meeting's prep page is kept. */
const PREP_AHEAD_MS = 48 * 60 * 60 * 1000;

/** The reader of a page as the service worker knows them: stable per account, unguessable, not the id. */
export function offlineReaderKey(userId: string): string {
  const secret = Buffer.from(hkdfSync('sha256', sessionSecret(), 'parcelwise-learning-hub', 'offline-reader', 32));
  return createHmac('sha256', secret).update(userId).digest('base64url').slice(0, 22);
}

/** The prep pages of the meetings not over yet that start within the next 48 hours. */
export function prepPages(meetings: readonly Pick<Meeting, 'id' | 'start' | 'end'>[], now: Date): string[] {
  const until = now.getTime() + PREP_AHEAD_MS;
  return meetings
    .filter((meeting) => Date.parse(meeting.start) <= until && Date.parse(meeting.end) > now.getTime())
    .map((meeting) => `/prep/${meeting.id}`);
}

export async function offlinePages(userId: string, now: Date): Promise<OfflinePages> {
  const [personas, meetings] = await Promise.all([getPersonas(), upcomingMeetings(userId, now)]);
  return {
    readerKey: offlineReaderKey(userId),
    pages: [...prepPages(meetings, now), '/personas', ...personas.map((persona) => `/personas/${persona.id}`), '/sales-situations'],
  };
}
