/**
 * When a milestone was reached against its target (docs/decisions.md "Ramp milestones"): the day counted
 * from the start date (0 = the start day, as targets are), and whether that was early (a week or more
 * before the target day), on time (in the week up to and on it) or late (after it). Pure.
 */
import type { MilestoneRow, MilestoneTiming, Outcome } from '~/shared/api/outcomes';
import { dayOf, isoDay } from '~/shared/review/days';
import type { RampMilestone } from '~/server/content/outcomes';

const EARLY_BY_DAYS = 7;
/** The world's latest time zone is 14 hours ahead of UTC: a date is in the future only once it is tomorrow there too. */
const LATEST_ZONE_MS = 14 * 60 * 60 * 1000;

const dayOfDate = (date: string): number => dayOf(new Date(`${date}T00:00:00Z`));

/** Days from the start date to `date` (negative before it). */
export const daysFromStart = (startDate: string, date: string): number => dayOfDate(date) - dayOfDate(startDate);

/** The latest date anyone can call today: later dates have not happened yet anywhere. */
export const latestToday = (now: Date): string => isoDay(dayOf(now.getTime() + LATEST_ZONE_MS));

export function milestoneTiming(day: number, targetDays: number): MilestoneTiming {
  if (day > targetDays) return 'late';
  return day <= targetDays - EARLY_BY_DAYS ? 'early' : 'on_time';
}

/** The role's milestones with the outcome reached for each (if any), in target order. */
export function milestoneRows(milestones: readonly RampMilestone[], startDate: string, outcomes: readonly Outcome[]): MilestoneRow[] {
  const reached = new Map(outcomes.map((outcome) => [outcome.milestone, outcome]));
  return milestones.map(({ id, title, targetDays }) => {
    const outcome = reached.get(id) ?? null;
    const day = outcome ? daysFromStart(startDate, outcome.date) : null;
    return {
      id,
      title,
      targetDays,
      targetDate: isoDay(dayOfDate(startDate) + targetDays),
      outcome,
      day,
      timing: day === null ? null : milestoneTiming(day, targetDays),
    };
  });
}
