// Dates on the team table: short and relative, with the exact time kept for hover and focus.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "just now", "5 min ago", "3 h ago", "6 d ago"; from 30 days on, the date ("Nov 3" this year, "Nov 3, 2025" before). */
export function relativeTime(iso: string, now: Date): string {
  const at = new Date(iso);
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE_MS) return 'just now';
  if (ago < HOUR_MS) return `${Math.floor(ago / MINUTE_MS)} min ago`;
  if (ago < DAY_MS) return `${Math.floor(ago / HOUR_MS)} h ago`;
  if (ago < 30 * DAY_MS) return `${Math.floor(ago / DAY_MS)} d ago`;
  return shortDate(iso, now);
}

/** "Nov 3" in the year of `now`, "Nov 3, 2025" otherwise (UTC). */
export function shortDate(iso: string, now: Date): string {
  const at = new Date(iso);
  const day = `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}`;
  return at.getUTCFullYear() === now.getUTCFullYear() ? day : `${day}, ${at.getUTCFullYear()}`;
}

/** The exact time: "2026-11-23 10:00 UTC". */
export function exactTime(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
