import { tableQuery, type TeamTableState } from '~/shared/team/team-table';

/** The page's address for a table state; the fragment keeps the reader at the table after the page loads. */
export function tableHref(state: TeamTableState): string {
  return `/team-progress${tableQuery(state)}#team-table`;
}

/** The CSV of every row the state's filter and Find keep, in its order. */
export function csvHref(state: TeamTableState): string {
  return `/api/team-progress/csv${tableQuery(state, false)}`;
}
