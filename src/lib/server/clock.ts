// The one clock of the learning schedule (docs/decisions.md "Spaced review"): routes and pages ask it for
// "now" and pass that to the services, which never read the time themselves. Tests move days forward
// with the `x-parcelwise-now` request header (an ISO time), honoured only in a local run started with
// PARCELWISE_TEST_CLOCK=true (the API tests and the e2e server); a deployed site always uses the real time.
import { isLocalRun } from './config';

const TEST_CLOCK_HEADER = 'x-parcelwise-now';

function testClockEnabled(): boolean {
  return process.env['PARCELWISE_TEST_CLOCK'] === 'true' && isLocalRun();
}

/** The time of this request: the real time, or the test clock's when enabled and sent. */
export function requestNow(request: Request): Date {
  if (testClockEnabled()) {
    const value = request.headers.get(TEST_CLOCK_HEADER);
    const time = value === null ? Number.NaN : Date.parse(value);
    if (Number.isFinite(time)) return new Date(time);
  }
  return new Date();
}
