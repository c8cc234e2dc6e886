/**
 * Whole UTC days, the unit of every learning schedule (docs/decisions.md "One clock for learning"): a day
 * is the number of days since 1970-01-01; a card falls due from midnight UTC of its due day.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The whole UTC day of an instant (days since 1970-01-01). */
export const dayOf = (at: Date | number): number => Math.floor((typeof at === 'number' ? at : at.getTime()) / DAY_MS);

/** Midnight UTC starting a day. */
export const startOfDay = (day: number): Date => new Date(day * DAY_MS);

/** A day as an ISO date (YYYY-MM-DD). */
export const isoDay = (day: number): string => startOfDay(day).toISOString().slice(0, 10);
