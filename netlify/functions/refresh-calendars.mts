// Scheduled: every hour, reads again the calendar of everyone who connected one (src/server/calendar/calendar.ts),
// so the meetings stay current without anyone pressing Refresh now (docs/architecture.md "Scheduled functions").
import type { Config } from '@netlify/functions';
import { refreshAllCalendars } from '~/server/calendar/calendar';

/** A scheduled function has 30 seconds; one read takes at most about 9, so none starts after 18. */
const BUDGET_MS = 18_000;

export default async function refreshCalendarsNow(): Promise<Response> {
  const summary = await refreshAllCalendars(new Date(), BUDGET_MS);
  console.log('calendars refreshed', summary);
  return Response.json(summary);
}

export const config: Config = { schedule: '@hourly' };
