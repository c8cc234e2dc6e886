/**
 * The daily challenge streak (docs/decisions.md "Daily challenge"): consecutive UTC days with a challenge
 * answered, counted back from today. Today not answered yet does not break it (the day is not over). One
 * missed day in any seven is a grace day: it neither breaks the streak nor counts in it; a second miss
 * within seven days of the first ends it. The days of a vacation hold (./schedule `Hold`) neither break
 * nor count either.
 */

/** Days a grace day covers: at most one missed day in any run of this many days. */
const GRACE_WINDOW_DAYS = 7;

/** The streak on `today` (a whole UTC day) from the days on which a challenge was answered. */
export function challengeStreak(
  answeredDays: Iterable<number>,
  today: number,
  hold: { from: number; until: number } | null = null,
): number {
  const answered = new Set(answeredDays);
  if (answered.size === 0) return 0;
  const earliest = Math.min(...answered);
  const held = (day: number) => hold !== null && day >= hold.from && day <= hold.until;
  let streak = answered.has(today) ? 1 : 0;
  let lastGrace: number | null = null;
  for (let day = today - 1; day >= earliest; day -= 1) {
    if (answered.has(day)) {
      streak += 1;
      continue;
    }
    if (held(day)) continue;
    if (lastGrace !== null && lastGrace - day < GRACE_WINDOW_DAYS) break;
    lastGrace = day;
  }
  return streak;
}
