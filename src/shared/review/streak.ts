/**
 * The daily challenge streak (docs/decisions.md "Daily challenge", "Streaks follow the working week"):
 * consecutive working days with a challenge answered, counted back from today, in the person's own days
 * (their time zone's calendar). A day off (a weekday the person does not work) never breaks it, and an
 * answer given on one still counts. Today not answered yet does not break it (the day is not over). One
 * missed working day in any seven days is a grace day: it neither breaks the streak nor counts in it; a
 * second miss within seven days of the first ends it. The days of a vacation hold (./schedule `Hold`)
 * neither break nor count either. A public holiday on a working day is a missed day like any other.
 */

/** The working week (ISO weekdays: 1 Monday … 7 Sunday) of everyone who has not set theirs: Monday to Friday. */
export const DEFAULT_WORKING_DAYS: readonly number[] = [1, 2, 3, 4, 5];

/** Days a grace day covers: at most one missed day in any run of this many days. */
const GRACE_WINDOW_DAYS = 7;

/** The ISO weekday of a day number (days since 1970-01-01, a Thursday). */
const isoWeekdayOf = (day: number): number => ((((day + 3) % 7) + 7) % 7) + 1;

export interface StreakOptions {
  /** A vacation hold's first and last day, or null. */
  hold?: { from: number; until: number } | null;
  /** The weekdays the person works (their current setting applies to the whole history). */
  workingDays?: readonly number[];
}

/** The streak on `today` from the days on which a challenge was answered (all days in the person's calendar). */
export function challengeStreak(answeredDays: Iterable<number>, today: number, options: StreakOptions = {}): number {
  const { hold = null, workingDays = DEFAULT_WORKING_DAYS } = options;
  const answered = new Set(answeredDays);
  if (answered.size === 0) return 0;
  const earliest = Math.min(...answered);
  const working = new Set(workingDays);
  const skipped = (day: number) => !working.has(isoWeekdayOf(day)) || (hold !== null && day >= hold.from && day <= hold.until);
  let streak = answered.has(today) ? 1 : 0;
  let lastGrace: number | null = null;
  for (let day = today - 1; day >= earliest; day -= 1) {
    if (answered.has(day)) {
      streak += 1;
      continue;
    }
    if (skipped(day)) continue;
    if (lastGrace !== null && lastGrace - day < GRACE_WINDOW_DAYS) break;
    lastGrace = day;
  }
  return streak;
}
