// Scheduled: every hour, reads again the calendar of everyone who connected one (src/server/calendar/calendar.ts),
// so the meetings stay current without anyone pressing Refresh now, then sends the call reminders due
// (src/server/calendar/reminders.ts) from the meetings just read (docs/architecture.md "Scheduled functions").
import type { Config } from '@netlify/functions';
import { refreshAllCalendars } from '~/server/calendar/calendar';
import { runCallReminders } from '~/server/calendar/reminders';

/**
 * A scheduled function has 30 seconds; one read takes at most about 9, so none starts after 12: the reads end
 * by about 21 s and the reminders have the rest (a calendar left over is read in the next hour).
 */
const BUDGET_MS = 12_000;

export default async function refreshCalendarsNow(): Promise<Response> {
  const now = new Date();
  const summary = await refreshAllCalendars(now, BUDGET_MS);
  console.log('calendars refreshed', summary);
  const reminders = await runCallReminders(now);
  console.log('call reminders', reminders);
  return Response.json({ ...summary, reminders });
}

export const config: Config = { schedule: '@hourly' };
