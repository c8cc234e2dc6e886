// The one clock of the content freshness features (review notes, /content-health, its API and
// `npm run content:report`): everything that asks "what is today?" asks here, and functions below it
// take `today` as a parameter so tests pass a fixed date. In local runs (dev server, serve:built, the
// test harness) PARCELWISE_NOW pins it to an instant, so e2e and API tests never depend on the calendar;
// a deployed site always uses the real time.
import { isoDateOf } from '~/lib/freshness/dates';
import { isLocalRun } from './config';

/** The current instant (PARCELWISE_NOW when set in a local run). */
export function now(): Date {
  const pinned = process.env['PARCELWISE_NOW'];
  if (pinned && isLocalRun()) {
    const instant = new Date(pinned);
    if (!Number.isNaN(instant.getTime())) return instant;
  }
  return new Date();
}

/** Today's UTC calendar date, YYYY-MM-DD. */
export const today = (): string => isoDateOf(now());
