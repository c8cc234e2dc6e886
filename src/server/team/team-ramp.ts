/**
 * The team's ramp chart (docs/product.md "Team Progress (/team-progress)"): the milestones and everybody's outcomes, read
 * beside the team's figures (not after them: the outcomes are listed, so the read needs no member ids), then counted
 * by the pure ~/shared/team/ramp-chart with each member's program and start date from the team rows.
 */
import { getRampMilestones } from '~/server/content/outcomes';
import { everyonesOutcomes } from '~/server/outcomes/outcomes';
import { isoDay, dayOf } from '~/shared/review/days';
import type { TeamMemberRow } from '~/shared/team/figures';
import { rampChart, type ChartMilestone, type MilestoneFigures, type RampPerson } from '~/shared/team/ramp-chart';
import { rampLine } from '~/shared/team/ramp-line';

export interface TeamRampReads {
  milestones: readonly ChartMilestone[];
  /** Each account's milestones reached, with their dates. */
  reached: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

/** What the chart needs besides the team rows. */
export async function readTeamRamp(): Promise<TeamRampReads> {
  const [milestones, reached] = await Promise.all([getRampMilestones(), everyonesOutcomes()]);
  return { milestones, reached };
}

const NOTHING_REACHED: ReadonlyMap<string, string> = new Map();

const rampPerson = (row: TeamMemberRow, reads: TeamRampReads): RampPerson | null =>
  row.program && row.startDate
    ? { programId: row.program.id, startDate: row.startDate, reached: reads.reached.get(row.id) ?? NOTHING_REACHED }
    : null;

/** The chart's figures over the members with a program (administrators are left out by the caller). */
export function teamRampChart(members: readonly TeamMemberRow[], reads: TeamRampReads, now: Date): MilestoneFigures[] {
  const people = members.flatMap((row) => rampPerson(row, reads) ?? []);
  return rampChart(reads.milestones, people, isoDay(dayOf(now)));
}

/** Each shown member's ramp line by account id (none without a program that has milestones), against the chart's medians. */
export function teamRampLines(
  rows: readonly TeamMemberRow[],
  reads: TeamRampReads,
  chart: readonly MilestoneFigures[],
  now: Date,
): Record<string, string> {
  const today = isoDay(dayOf(now));
  return Object.fromEntries(
    rows.flatMap((row) => {
      const person = rampPerson(row, reads);
      const line = person && rampLine(reads.milestones, chart, person, today);
      return line ? [[row.id, line]] : [];
    }),
  );
}
