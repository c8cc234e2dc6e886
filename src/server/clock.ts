// The two clocks of the portal, each pinnable in local runs only (a deployed site always uses the real time):
// - content freshness (review notes, /content-health, its API, `npm run content:report`) asks `now()` /
//   `today()`; PARCELWISE_NOW pins it to an instant, so e2e and API tests never depend on the calendar;
// - the learning schedule (docs/decisions.md "Spaced review") asks `requestNow(request)`; tests move days
//   forward with the `x-parcelwise-now` request header (an ISO time), honoured only in a local run started
//   with PARCELWISE_TEST_CLOCK=true (the API tests and the e2e server).
// Functions below these take the time as a parameter, so unit tests pass a fixed one.
import { isoDateOf } from '~/shared/freshness/dates';
import { isLocalRun } from './config';

/** The current instant for content freshness (PARCELWISE_NOW when set in a local run). */
function now(): Date {
  const pinned = process.env['PARCELWISE_NOW'];
  if (pinned && isLocalRun()) {
    const instant = new Date(pinned);
    if (!Number.isNaN(instant.getTime())) return instant;
  }
  return new Date();
}

/** Today's UTC calendar date, YYYY-MM-DD, for content freshness. */
export const today = (): string => isoDateOf(now());

const TEST_CLOCK_HEADER = 'x-parcelwise-now';

function testClockEnabled(): boolean {
  return process.env['PARCELWISE_TEST_CLOCK'] === 'true' && isLocalRun();
}

/** The time of this request for the learning schedule: the real time, or the test clock's when enabled and sent. */
export function requestNow(request: Request): Date {
  if (testClockEnabled()) {
    const value = request.headers.get(TEST_CLOCK_HEADER);
    const time = value === null ? Number.NaN : Date.parse(value);
    if (Number.isFinite(time)) return new Date(time);
  }
  return new Date();
}
