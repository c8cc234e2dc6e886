// The team table's state and how it picks its rows: sorted by a column, kept by a filter and Find, then
// one page of them. Pure and without zod, so the page, the CSV route and any island share one implementation
// (docs/decisions.md "The team table at hundreds of members"). The URL's schema is in ~/shared/api/team.
import { certificateExpiringSoon, isActive, TEAM_FIGURES, type TeamFigure, type TeamMemberRow } from './figures';

export type SortKey = 'name' | TeamFigure;
export const SORT_KEYS = ['name', ...TEAM_FIGURES.map(({ key }) => key)] as [SortKey, ...SortKey[]];
export const SORT_DIRECTIONS = ['ascending', 'descending'] as const;
type SortDirection = (typeof SORT_DIRECTIONS)[number];
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

export const TEAM_FILTERS = [
  'all',
  'active',
  'inactive',
  'behind',
  'due-soon',
  'overdue',
  'certificate-expiring',
  'practice-waiting',
] as const;
export type TeamFilter = (typeof TEAM_FILTERS)[number];

/** What the table shows: its sort, filter, Find text and page (1 is the first). */
export interface TeamTableState {
  sort: Sort;
  filter: TeamFilter;
  find: string;
  page: number;
}

/** Names A–Z, every filter, nothing to find, the first page. */
export const DEFAULT_TABLE_STATE: TeamTableState = { sort: { key: 'name', direction: 'ascending' }, filter: 'all', find: '', page: 1 };

/** Rows a page shows: a team of hundreds renders a page at a time, a screen or two of its rows. */
export const PAGE_SIZE = 25;

/**
 * The figures the table shows: who is behind, on what, and how well it sticks. The activity counts and dates
 * are on the person's page and in the CSV; the URL can still sort by any figure (the CSV keeps that order).
 */
const TABLE_FIGURES: readonly TeamFigure[] = ['planStatus', 'onTrack', 'progress', 'mastery', 'averageQuizScore', 'lastActive'];

export const COLUMNS: ReadonlyArray<{ key: SortKey; label: string; numeric: boolean; definition: string }> = [
  { key: 'name', label: 'Team member', numeric: false, definition: 'Name and username.' },
  ...TEAM_FIGURES.filter((figure) => TABLE_FIGURES.includes(figure.key)).map((figure) => ({
    ...figure,
    numeric: !['lastActive', 'onTrack', 'planStatus'].includes(figure.key),
  })),
];

/** Whether the table is in its default order (names A–Z), which its URL leaves out. */
export function isDefaultSort(sort: Sort): boolean {
  return sort.key === DEFAULT_TABLE_STATE.sort.key && sort.direction === DEFAULT_TABLE_STATE.sort.direction;
}

/** A new column starts with names A–Z and figures highest first. */
export function firstDirection(key: SortKey): SortDirection {
  return key === 'name' ? 'ascending' : 'descending';
}

/** Sorting by the sorted column flips it; another column starts in its first direction. */
export function nextSort(current: Sort, key: SortKey): Sort {
  return current.key === key
    ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
    : { key, direction: firstDirection(key) };
}

/** Plan statuses from the least to the most in need of attention: sorting highest first puts overdue on top. */
const PLAN_ORDER: ReadonlyArray<TeamMemberRow['planStatus']> = ['none', 'certified', 'on_track', 'behind', 'overdue'];

const time = (iso: string | null) => (iso === null || iso === 'null' ? -Infinity : Date.parse(iso));

/** Ascending order by a column (ties: see sortedRows). */
function compare(a: TeamMemberRow, b: TeamMemberRow, key: SortKey): number {
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

/** Whether a row is kept by a filter; `now` (when the figures were computed) judges 'active'. */
export function kept(row: TeamMemberRow, filter: TeamFilter, now: Date): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'active':
    case 'inactive':
      return isActive(row, now) === (filter === 'active');
    case 'behind':
      return row.planStatus === 'behind' || row.planStatus === 'overdue';
    case 'due-soon':
      return row.dueSoon > 0;
    case 'overdue':
      return row.overdueItems > 0;
    case 'certificate-expiring':
      return certificateExpiringSoon(row, now);
    case 'practice-waiting':
      return row.practiceWaiting > 0;
  }
}

/** Whether the row's name or e-mail contains the Find text (any case; an empty text finds everyone). */
function found(row: TeamMemberRow, find: string): boolean {
  const needle = find.trim().toLowerCase();
  return needle === '' || `${row.name} ${row.username}`.toLowerCase().includes(needle);
}

/** Every row the filter and Find keep, in the table's order (ties by name, then username): what the CSV holds. */
export function sortedRows(rows: readonly TeamMemberRow[], state: Omit<TeamTableState, 'page'>, now: Date): TeamMemberRow[] {
  const sign = state.sort.direction === 'ascending' ? 1 : -1;
  return rows
    .filter((row) => kept(row, state.filter, now) && found(row, state.find))
    .sort((a, b) => sign * compare(a, b, state.sort.key) || compare(a, b, 'name'));
}

export interface TeamTablePage {
  /** The rows of the page shown. */
  rows: TeamMemberRow[];
  /** How many rows the filter and Find keep (all pages). */
  shown: number;
  /** The page shown (a page past the last shows the last), and how many there are (at least 1). */
  page: number;
  pages: number;
}

/** One page of the rows the filter and Find keep. */
export function teamTablePage(rows: readonly TeamMemberRow[], state: TeamTableState, now: Date): TeamTablePage {
  const shown = sortedRows(rows, state, now);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, state.page), pages);
  return { rows: shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), shown: shown.length, page, pages };
}

/**
 * The query string of a table state (`?sort=…&direction=…&find=…&filter=…&page=N`), leaving out what is the default, so
 * the plain page is `/team-progress`. `page` is left out too when `withPage` is false (the CSV holds every page).
 */
export function tableQuery(state: TeamTableState, withPage = true): string {
  const params = new URLSearchParams();
  if (!isDefaultSort(state.sort)) {
    params.set('sort', state.sort.key);
    params.set('direction', state.sort.direction);
  }
  if (state.find.trim() !== '') params.set('find', state.find.trim());
  if (state.filter !== 'all') params.set('filter', state.filter);
  if (withPage && state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** The team without its administrators, who are listed apart and left out of the table and every team figure. */
export function teamMembers<Row extends Pick<TeamMemberRow, 'admin'>>(rows: readonly Row[]): Row[] {
  return rows.filter((row) => !row.admin);
}
