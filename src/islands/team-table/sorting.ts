// The table's columns and how rows sort by each (ties fall back to the name, then the username).
import { TEAM_FIGURES, type TeamFigure, type TeamMemberRow } from '~/lib/team/figures';

export type SortKey = 'name' | TeamFigure;
type SortDirection = 'ascending' | 'descending';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

export const COLUMNS: ReadonlyArray<{ key: SortKey; label: string; numeric: boolean; definition: string }> = [
  { key: 'name', label: 'Team member', numeric: false, definition: 'Name and username.' },
  ...TEAM_FIGURES.map((figure) => ({
    ...figure,
    numeric: !['lastActive', 'joinedAt', 'onTrack', 'planStatus'].includes(figure.key),
  })),
];

/** Plan statuses from the least to the most in need of attention: sorting highest first puts overdue on top. */
const PLAN_ORDER: ReadonlyArray<TeamMemberRow['planStatus']> = ['none', 'certified', 'on_track', 'behind', 'overdue'];

const time = (iso: string | null) => (iso === null || iso === 'null' ? -Infinity : Date.parse(iso));

export function compare(a: TeamMemberRow, b: TeamMemberRow, key: SortKey): number {
  switch (key) {
    case 'name':
      return a.name.localeCompare(b.name) || a.username.localeCompare(b.username);
    case 'lastActive':
      return time(a.lastActive) - time(b.lastActive);
    case 'joinedAt':
      return time(a.joinedAt) - time(b.joinedAt);
    case 'onTrack':
      return Number(a.onTrack) - Number(b.onTrack);
    case 'planStatus':
      return PLAN_ORDER.indexOf(a.planStatus) - PLAN_ORDER.indexOf(b.planStatus) || a.overdueItems - b.overdueItems;
    case 'averageQuizScore':
      return (a.averageQuizScore ?? -1) - (b.averageQuizScore ?? -1);
    default:
      return a[key] - b[key];
  }
}

/** Sorting by the sorted column flips it; a new column starts with names A–Z and figures highest first. */
export function nextSort(current: Sort, key: SortKey): Sort {
  return current.key === key
    ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
    : { key, direction: key === 'name' ? 'ascending' : 'descending' };
}
