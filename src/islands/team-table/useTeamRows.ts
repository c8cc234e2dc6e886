import { useMemo, useState } from 'react';
import { isActive, type TeamMemberRow } from '~/lib/team/figures';
import { compare, nextSort, type Sort, type SortKey } from './sorting';

export type Filter = 'all' | 'active' | 'inactive' | 'behind' | 'due-soon';

/** Rows rendered at once: a team of hundreds renders a page at a time. */
const PAGE_SIZE = 50;

function kept(row: TeamMemberRow, filter: Filter, now: Date): boolean {
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
  }
}

/**
 * The rows shown: filtered (and found by name or username), sorted, then one page of them. `now` is when the figures were computed, so
 * 'active' is judged as the server judged it. `shown` is every row the filter keeps (what the CSV holds).
 */
export function useTeamRows(rows: TeamMemberRow[], now: Date) {
  const [sort, setSort] = useState<Sort>({ key: 'name', direction: 'ascending' });
  const [filter, setFilterState] = useState<Filter>('all');
  const [page, setPage] = useState(0);
  const [query, setQueryState] = useState('');

  const shown = useMemo(() => {
    const sign = sort.direction === 'ascending' ? 1 : -1;
    const needle = query.trim().toLowerCase();
    return rows
      .filter((row) => kept(row, filter, now) && (needle === '' || `${row.name} ${row.username}`.toLowerCase().includes(needle)))
      .sort((a, b) => sign * compare(a, b, sort.key) || compare(a, b, 'name'));
  }, [rows, filter, sort, now, query]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const pageRows = shown.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);

  const toggleSort = (key: SortKey) => {
    setSort((previous) => nextSort(previous, key));
    setPage(0);
  };
  const setFilter = (next: Filter) => {
    setFilterState(next);
    setPage(0);
  };

  const setQuery = (next: string) => {
    setQueryState(next);
    setPage(0);
  };

  return { shown, pageRows, page: current, pages, setPage, sort, toggleSort, filter, setFilter, query, setQuery };
}
