// Calendar dates of the content freshness fields, as "YYYY-MM-DD" strings (UTC, no time of day): what
// editors write, what pages show and what the report compares. Zod-free, so schemas, the build check,
// the report script and pages share it.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The UTC calendar date of an instant, YYYY-MM-DD. */
export const isoDateOf = (instant: Date): string => instant.toISOString().slice(0, 10);

/** `date` plus whole months; a day the target month lacks becomes its last day (2026-08-31 + 6 → 2027-02-28). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return isoDateOf(target);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

// Made once: building an Intl.DateTimeFormat costs far more than formatting with it, and a page formats
// a date per row (the content-health table has hundreds).
const REVIEW_DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "March 2, 2026": how pages write a review date (US English, UTC). */
export function formatReviewDate(date: string): string {
  return REVIEW_DATE_FORMAT.format(new Date(`${date}T00:00:00Z`));
}

/** The UTC day of an ISO timestamp, written the same way ("2026-03-02T23:30:00.000Z" → "March 2, 2026"). */
export function formatDayOf(timestamp: string): string {
  return formatReviewDate(timestamp.slice(0, 10));
}
