// The table's columns and how rows sort by each (ties fall back to the name, then the username).
import { TEAM_FIGURES, type TeamFigure, type TeamProgressRow } from '~/lib/team/figures';

export type SortKey = 'name' | TeamFigure;
type SortDirection = 'ascending' | 'descending';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

export const COLUMNS: ReadonlyArray<{ key: SortKey; label: string; numeric: boolean; definition: string }> = [
  { key: 'name', label: 'Team member', numeric: false, definition: 'Name and username.' },
  ...TEAM_FIGURES.map((figure) => ({ ...figure, numeric: figure.key !== 'lastActive' })),
];

export function compare(a: TeamProgressRow, b: TeamProgressRow, key: SortKey): number {
  if (key === 'name') return a.name.localeCompare(b.name) || a.username.localeCompare(b.username);
  if (key === 'lastActive') {
    const time = (row: TeamProgressRow) => (row.lastActive === 'null' ? -Infinity : Date.parse(row.lastActive));
    return time(a) - time(b);
  }
  return a[key] - b[key];
}

/** Sorting by the sorted column flips it; a new column starts with names A–Z and figures highest first. */
export function nextSort(current: Sort, key: SortKey): Sort {
  return current.key === key
    ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
    : { key, direction: key === 'name' ? 'ascending' : 'descending' };
}
