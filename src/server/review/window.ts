// The daily challenge's two 12-hour windows a day (docs/decisions.md "Daily challenge", "Time zones"):
// 00:00–12:00 and 12:00–24:00 on the person's wall clock once they set a time zone, in UTC until then. A
// day when the clocks change has one window of 11 or 13 hours.
import { addDays, localTime, zonedInstant } from '~/shared/time-zone';

const WINDOW_HOURS = 12;
export const WINDOW_MS = WINDOW_HOURS * 60 * 60 * 1000;
/** The longest a window lasts (13 hours, on the day the clocks go back): how far back a read must look. */
export const LONGEST_WINDOW_MS = 13 * 60 * 60 * 1000;

export interface ChallengeWindow {
  /**
   * Windows since 1970-01-01 on the wall calendar (two a day): consecutive windows of one zone have
   * consecutive indexes. In UTC, windows start at 00:00 and 12:00 UTC.
   */
  index: number;
  /** Key-safe id of the wall-clock start, such as "2026-11-23T12". */
  id: string;
  startsAt: Date;
  endsAt: Date;
  /**
   * Hours until the next window, one decimal, as a string. Rounded UP to the tenth so it reads "12.0" at
   * the start of a window and "0.1" in its last six minutes, never "0.0" (which the spec reads as unknown).
   */
  nextRefreshHours: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Pure window maths for an instant, in a time zone (UTC when null). */
export function challengeWindow(now: Date, timeZone: string | null = null): ChallengeWindow {
  const time = now.getTime();
  if (!Number.isFinite(time)) throw new RangeError('challengeWindow: invalid date');
  if (timeZone === null) return utcWindow(time);
  const local = localTime(now, timeZone);
  const afternoon = local.hour >= WINDOW_HOURS;
  const startsAt = zonedInstant(local.date, afternoon ? WINDOW_HOURS : 0, timeZone);
  const endsAt = afternoon ? zonedInstant(addDays(local.date, 1), 0, timeZone) : zonedInstant(local.date, WINDOW_HOURS, timeZone);
  return {
    index: (Date.parse(`${local.date}T00:00:00Z`) / DAY_MS) * 2 + (afternoon ? 1 : 0),
    id: `${local.date}T${afternoon ? '12' : '00'}`,
    startsAt,
    endsAt,
    nextRefreshHours: refreshHours(endsAt, time),
  };
}

/** In UTC every window is 12 hours long: plain arithmetic. */
function utcWindow(time: number): ChallengeWindow {
  const index = Math.floor(time / WINDOW_MS);
  const startsAt = new Date(index * WINDOW_MS);
  const endsAt = new Date((index + 1) * WINDOW_MS);
  return { index, id: startsAt.toISOString().slice(0, 13), startsAt, endsAt, nextRefreshHours: refreshHours(endsAt, time) };
}

const refreshHours = (endsAt: Date, time: number) =>
  (Math.ceil((endsAt.getTime() - time) / (WINDOW_MS / WINDOW_HOURS / 10)) / 10).toFixed(1);
