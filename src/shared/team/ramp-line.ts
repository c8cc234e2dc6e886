// A team member's ramp in one line of the Team Progress table (docs/product.md "Team Progress (/team-progress)"): the
// latest milestone they reached, on its day against the target and the team's median; before any, the next one and
// whether it is past its target. Pure: the page has the milestones, the outcomes and the chart's medians already.
import { dayNumber, type ChartMilestone, type MilestoneFigures, type RampPerson } from './ramp-chart';

/** The line for one person, or null when their program has no ramp milestones. */
export function rampLine(
  milestones: readonly ChartMilestone[],
  chart: readonly Pick<MilestoneFigures, 'id' | 'medianDays'>[],
  person: RampPerson,
  today: string,
): string | null {
  const own = milestones.filter((milestone) => milestone.programs.includes(person.programId));
  if (own.length === 0) return null;
  const start = dayNumber(person.startDate);
  const reached = own
    .flatMap((milestone) => {
      const date = person.reached.get(milestone.id);
      return date === undefined ? [] : [{ milestone, day: dayNumber(date) - start }];
    })
    .sort((a, b) => b.day - a.day || b.milestone.targetDays - a.milestone.targetDays);
  const latest = reached[0];
  if (latest) {
    const median = chart.find((figures) => figures.id === latest.milestone.id)?.medianDays ?? null;
    const team = median === null ? '' : `, team median ${median}`;
    return `${latest.milestone.title}: day ${latest.day} (target ${latest.milestone.targetDays}${team})`;
  }
  const next = own.toSorted((a, b) => a.targetDays - b.targetDays)[0]!;
  const past = dayNumber(today) - start > next.targetDays;
  return `${next.title}: not yet (target day ${next.targetDays}${past ? ', past it' : ''})`;
}
