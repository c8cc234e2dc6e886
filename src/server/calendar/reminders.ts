/**
 * The reminder before a call (docs/product.md "Your calendar"): for a rep who switched call reminders on,
 * one short e-mail for each meeting of their calendar that starts within the next hour and that they have
 * not prepared for, with its prep page. Run after the hourly refresh: the window (now, now + 60 min] of
 * one pass meets the next pass's, so every meeting falls in one. Once per meeting: a create-only claim is
 * written before sending.
 */
import type { StoredUser } from '~/server/accounts/user-record';
import { accountsByIds } from '~/server/accounts/people';
import { siteUrl } from '~/server/config';
import { mailConfigured, sendMail, type OutgoingMail } from '~/server/mail/transport';
import { getPreferences } from '~/server/preferences/preferences';
import { mapLimit } from '~/server/storage/blobs';
import { clockTime } from '~/shared/meeting-time';
import { upcomingMeetings } from './calendar';
import type { ParsedMeeting } from './parse-calendar';
import { calendarSources } from './storage/calendar-sources';
import { meetingPrep } from './storage/meeting-prep';
import { meetingReminders } from './storage/meeting-reminders';

/** A reminder goes out for a meeting starting at most this long after the pass. */
const REMINDER_WINDOW_MS = 60 * 60 * 1000;

/** The meetings that get a reminder at `now`: starting within the hour (not already under way), not prepared for. */
export function meetingsToRemind(meetings: readonly ParsedMeeting[], prepared: readonly string[], now: Date): ParsedMeeting[] {
  const from = now.getTime();
  return meetings.filter((meeting) => {
    const start = Date.parse(meeting.start);
    return start > from && start <= from + REMINDER_WINDOW_MS && !prepared.includes(meeting.id);
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reminder of one meeting: subject `Prepare for {title} at {HH:MM}` on the person's clock, both parts with the prep link. */
export function reminderMail(
  meeting: Pick<ParsedMeeting, 'id' | 'title' | 'start'>,
  person: { name: string; username: string; timeZone: string | null },
  origin: string,
): OutgoingMail {
  const time = clockTime(meeting.start, person.timeZone);
  const zone = person.timeZone ?? 'UTC';
  const prep = `${origin}/prep/${meeting.id}`;
  const settings = `${origin}/settings#calendar`;
  const why = 'You get this reminder because call reminders are switched on in your Learning Hub settings.';
  const text = [
    `Hello ${person.name},`,
    `${meeting.title} starts at ${time} (${zone}), and you have not prepared for it yet.`,
    `Prepare for it: ${prep}`,
    '--',
    why,
    `Switch them off in your settings: ${settings}`,
  ].join('\n\n');
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Prepare for ${escapeHtml(meeting.title)} at ${time}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:600px;margin:0 auto;padding:16px">',
    `<p>Hello ${escapeHtml(person.name)},</p>`,
    `<p>${escapeHtml(meeting.title)} starts at ${time} (${escapeHtml(zone)}), and you have not prepared for it yet.</p>`,
    `<p><a href="${escapeHtml(prep)}">Prepare for it</a></p>`,
    '<hr style="margin-top:24px;border:none;border-top:1px solid #d1d5db">',
    `<p style="font-size:13px;color:#4b5563">${why} <a href="${escapeHtml(settings)}">Switch them off in your settings</a>.</p>`,
    '</body></html>',
  ].join('');
  return { to: person.username, subject: `Prepare for ${meeting.title} at ${time}`, text: `${text}\n`, html, headers: {} };
}

export interface ReminderPassResult {
  sent: number;
  failed: number;
  /** Claimed by another pass, or sent before. */
  alreadySent: number;
}

/** One person's reminders due at `now`, each claimed before it is sent. */
async function remindPerson(
  user: StoredUser,
  timeZone: string | null,
  now: Date,
  send: (mail: OutgoingMail) => Promise<void>,
  origin: string,
  result: ReminderPassResult,
): Promise<void> {
  const [meetings, prep] = await Promise.all([upcomingMeetings(user.id, now), meetingPrep.of(user.id)]);
  for (const meeting of meetingsToRemind(meetings, prep.prepared, now)) {
    if (!(await meetingReminders.claim(user.id, meeting.id, now))) {
      result.alreadySent++;
      continue;
    }
    try {
      await send(reminderMail(meeting, { name: user.name, username: user.username, timeZone }, origin));
    } catch (error) {
      console.error(`call reminder: sending to ${user.id} failed`, error instanceof Error ? error.message : String(error));
      await meetingReminders.release(user.id, meeting.id);
      result.failed++;
      continue;
    }
    await meetingReminders.markSent(user.id, meeting.id, now, now);
    result.sent++;
  }
}

/**
 * The reminders due at `now` for everyone with a calendar connected and reminders on (enabled accounts
 * only). `send` and `origin` are given so tests can pass their own.
 */
export async function sendCallReminders(
  now: Date,
  send: (mail: OutgoingMail) => Promise<void> = sendMail,
  origin: string = siteUrl(),
): Promise<ReminderPassResult> {
  const result: ReminderPassResult = { sent: 0, failed: 0, alreadySent: 0 };
  const userIds = await calendarSources.userIds();
  const people = await mapLimit(userIds, async (userId) => ({ userId, preferences: await getPreferences(userId) }));
  const wanted = people.filter((person) => person.preferences.callReminders);
  const accounts = await accountsByIds(wanted.map((person) => person.userId));
  const recipients = wanted.flatMap((person, index) => {
    const user = accounts[index];
    return user && !user.disabled ? [{ user, timeZone: person.preferences.timeZone }] : [];
  });
  await mapLimit(recipients, ({ user, timeZone }) => remindPerson(user, timeZone, now, send, origin, result));
  return result;
}

/** The hourly function's step: nothing is tried without SMTP_URL. */
export async function runCallReminders(now: Date): Promise<ReminderPassResult | { skipped: string }> {
  if (!mailConfigured()) return { skipped: 'SMTP_URL is not set: no e-mail is sent.' };
  return sendCallReminders(now);
}
