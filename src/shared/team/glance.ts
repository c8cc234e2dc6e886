// The counts at the top of Team Progress (docs/product.md "Team Progress (/team-progress)"): each answers "who needs
// attention, on what" and links to the table filtered to those people. From the rows the page already has.
import { certificateExpiringSoon, isActive, type TeamMemberRow } from './figures';
import { tableQuery, DEFAULT_TABLE_STATE, type TeamFilter } from './team-table';

export interface GlanceCount {
  filter: TeamFilter;
  count: number;
  /** What is counted, after the number ("3 overdue plan items"). */
  label: string;
  /** The table filtered to the people counted. */
  href: string;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);
const sum = (rows: readonly TeamMemberRow[], figure: (row: TeamMemberRow) => number) => rows.reduce((total, row) => total + figure(row), 0);

/** Overdue plan items, certificates expiring within 30 days, practice waiting for review, people inactive for 7 days. */
export function glanceCounts(members: readonly TeamMemberRow[], now: Date): GlanceCount[] {
  const overdue = sum(members, (row) => row.overdueItems);
  const expiring = members.filter((row) => certificateExpiringSoon(row, now)).length;
  const waiting = sum(members, (row) => row.practiceWaiting);
  const inactive = members.filter((row) => !isActive(row, now)).length;
  const counts: Array<Omit<GlanceCount, 'href'>> = [
    { filter: 'overdue', count: overdue, label: plural(overdue, 'overdue plan item', 'overdue plan items') },
    {
      filter: 'certificate-expiring',
      count: expiring,
      label: plural(expiring, 'certificate expiring in 30 days', 'certificates expiring in 30 days'),
    },
    {
      filter: 'practice-waiting',
      count: waiting,
      label: plural(waiting, 'practice attempt waiting for review', 'practice attempts waiting for review'),
    },
    {
      filter: 'inactive',
      count: inactive,
      label: plural(inactive, 'person with no activity for 7 days', 'people with no activity for 7 days'),
    },
  ];
  return counts.map((count) => ({
    ...count,
    href: `/team-progress${tableQuery({ ...DEFAULT_TABLE_STATE, filter: count.filter })}#team-table`,
  }));
}
