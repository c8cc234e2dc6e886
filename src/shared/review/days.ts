/**
 * Whole UTC days, the unit of every learning schedule (docs/decisions.md "One clock for learning"): a day
 * is the number of days since 1970-01-01; a card falls due from midnight UTC of its due day. The challenge
 * streak alone counts the person's own calendar days (localDayOf), numbered the same way.
 */
import { localTime } from '~/shared/time-zone';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The whole UTC day of an instant (days since 1970-01-01). */
export const dayOf = (at: Date | number): number => Math.floor((typeof at === 'number' ? at : at.getTime()) / DAY_MS);

/** Midnight UTC starting a day. */
export const startOfDay = (day: number): Date => new Date(day * DAY_MS);

/** A day as an ISO date (YYYY-MM-DD). */
export const isoDay = (day: number): string => startOfDay(day).toISOString().slice(0, 10);

/**
 * The day of an instant on the person's calendar (their time zone; UTC when null), as a day number: the
 * streak's unit, so an answer at 23:00 in New York is that evening's day, not the next UTC one.
 */
export const localDayOf = (at: Date, timeZone: string | null): number =>
  timeZone === null ? dayOf(at) : dayOf(Date.parse(`${localTime(at, timeZone).date}T00:00:00Z`));
