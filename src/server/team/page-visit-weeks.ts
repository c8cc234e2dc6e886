// The weeks of page-visit marks that count (docs/decisions.md "Pages nobody visits"), and the daily tidy
// that deletes the older ones: apart from ./page-visits.ts, which reads the content, so the scheduled
// function that tidies bundles without it.
import { pageVisits, weekOf } from './storage/page-visits';

/** A page is unvisited after this many days without a visit. */
export const UNVISITED_DAYS = 90;
const DAY_MS = 24 * 60 * 60_000;
const WEEK_MS = 7 * DAY_MS;

/** The Mondays of the weeks overlapping the last `days` days, oldest first. */
export function weeksOverlapping(now: Date, days: number): string[] {
  const weeks: string[] = [];
  for (let time = Date.parse(weekOf(new Date(now.getTime() - days * DAY_MS))); time <= now.getTime(); time += WEEK_MS) {
    weeks.push(new Date(time).toISOString().slice(0, 10));
  }
  return weeks;
}

/** The daily tidy: deletes the weeks that no longer overlap the last 90 days. */
export async function removeOldPageVisits(now: Date): Promise<number> {
  const kept = weeksOverlapping(now, UNVISITED_DAYS)[0]!;
  const removed = await Promise.all((await pageVisits.weeks()).filter((week) => week < kept).map((week) => pageVisits.removeWeek(week)));
  return removed.reduce((sum, count) => sum + count, 0);
}
