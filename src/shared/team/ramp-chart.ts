// The ramp chart's figures (docs/product.md "Team Progress (/team-progress)"): for each ramp milestone, the share of each
// start-month cohort of its role that reached it by its target day. Pure: the page reads, this counts, the chart draws.

/** A milestone as the content gives it: the programs (roles) it belongs to and its target day from the start. */
export interface ChartMilestone {
  id: string;
  title: string;
  programs: readonly string[];
  targetDays: number;
}

/** A team member with a program: its start date and the date each milestone was reached (ISO dates). */
export interface RampPerson {
  programId: string;
  startDate: string;
  reached: ReadonlyMap<string, string>;
}

export interface CohortFigure {
  /** The start month, `YYYY-MM`, and how the page names it ("September 2026"). */
  cohort: string;
  label: string;
  /** People of the cohort who reached the milestone by its target day. */
  reached: number;
  /** People judged: past the target day, or reached it already. */
  judged: number;
  /** reached / judged as a rounded percent; null when nobody is judged yet. */
  share: number | null;
  /** People not yet at the target day who have not reached it: still in time, left out of the share. */
  inTime: number;
}

export interface MilestoneFigures {
  id: string;
  title: string;
  targetDays: number;
  /** The cohorts with someone of the milestone's role, oldest first. */
  cohorts: CohortFigure[];
  /** The team's median day of reaching it (days from the start, whenever reached); null when nobody has. */
  medianDays: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Whole days since 1970 of an ISO date: the difference of two is the days between them. */
export const dayNumber = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2026-09" → "September 2026". */
export function cohortLabel(cohort: string): string {
  const [year, month] = cohort.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

function cohortFigure(cohort: string, people: readonly RampPerson[], milestone: ChartMilestone, today: string): CohortFigure {
  let reached = 0;
  let inTime = 0;
  for (const person of people) {
    const date = person.reached.get(milestone.id);
    const start = dayNumber(person.startDate);
    if (date !== undefined && dayNumber(date) - start <= milestone.targetDays) reached += 1;
    else if (dayNumber(today) - start < milestone.targetDays) inTime += 1;
  }
  const judged = people.length - inTime;
  return { cohort, label: cohortLabel(cohort), reached, judged, share: judged === 0 ? null : Math.round((100 * reached) / judged), inTime };
}

/** The middle value (the mean of the two middle ones, rounded, for an even count); null for none. */
function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

const daysToReach = (people: readonly RampPerson[], milestoneId: string): number[] =>
  people.flatMap((person) => {
    const date = person.reached.get(milestoneId);
    return date === undefined ? [] : [dayNumber(date) - dayNumber(person.startDate)];
  });

/**
 * Each milestone with the cohorts of its role: a person counts for a milestone of their program, in the cohort
 * of their start month; `today` (ISO date) says who is past the target day. Milestones nobody has are left out.
 */
export function rampChart(milestones: readonly ChartMilestone[], people: readonly RampPerson[], today: string): MilestoneFigures[] {
  return milestones.flatMap((milestone) => {
    const ofRole = people.filter((person) => milestone.programs.includes(person.programId));
    const cohorts = [...new Set(ofRole.map((person) => person.startDate.slice(0, 7)))].sort();
    if (cohorts.length === 0) return [];
    const figures = cohorts.map((cohort) =>
      cohortFigure(
        cohort,
        ofRole.filter((person) => person.startDate.startsWith(cohort)),
        milestone,
        today,
      ),
    );
    const medianDays = median(daysToReach(ofRole, milestone.id));
    return [{ id: milestone.id, title: milestone.title, targetDays: milestone.targetDays, cohorts: figures, medianDays }];
  });
}
