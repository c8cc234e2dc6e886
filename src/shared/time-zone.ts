/**
 * Wall-clock time in a person's IANA time zone (docs/decisions.md "Time zones"), with the platform's own
 * zone data (Intl), so daylight saving time follows the tz database. Zod-free: server and islands use it.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether the platform knows this IANA zone name (e.g. "America/Los_Angeles"; "UTC"). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

export interface LocalTime {
  /** YYYY-MM-DD on the wall calendar. */
  date: string;
  hour: number;
  minute: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall-clock time of an instant in a zone (UTC when the zone is null). */
export function localTime(at: Date, timeZone: string | null): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone ?? 'UTC').formatToParts(at)) parts[part.type] = part.value;
  return {
    date: `${parts['year']}-${parts['month']}-${parts['day']}`,
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
    weekday: WEEKDAYS.indexOf(parts['weekday'] ?? ''),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function offsetAt(at: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(at))) parts[part.type] = part.value;
  const wall = Date.UTC(
    Number(parts['year']),
    Number(parts['month']) - 1,
    Number(parts['day']),
    Number(parts['hour']),
    Number(parts['minute']),
    Number(parts['second']),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall-clock hour begins on a date in a zone. An hour the clocks skip (spring forward)
 * gives the instant just after the gap; an hour that happens twice (fall back) its first occurrence.
 */
export function zonedInstant(date: string, hour: number, timeZone: string | null): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour);
  if (timeZone === null) return new Date(wall);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  if (first === second) return new Date(first);
  // Near a change the two guesses differ: the earlier one that shows this hour on the wall, else the gap's end.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  const shown = candidates.find((at) => localTime(new Date(at), timeZone).hour === hour && localTime(new Date(at), timeZone).date === date);
  return new Date(shown ?? Math.max(first, second));
}

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
