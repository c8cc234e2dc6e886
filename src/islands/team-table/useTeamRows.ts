import { useMemo, useState } from 'react';
import { isActive, type TeamMemberRow } from '~/lib/team/figures';
import { compare, nextSort, type Sort, type SortKey } from './sorting';

export type Filter = 'all' | 'active' | 'inactive';

/**
 * The rows shown: filtered by activity, then sorted. `now` is when the figures were computed, so
 * 'active' is judged as the server judged it.
 */
export function useTeamRows(rows: TeamMemberRow[], now: Date) {
  const [sort, setSort] = useState<Sort>({ key: 'name', direction: 'ascending' });
  const [filter, setFilter] = useState<Filter>('all');

  const shown = useMemo(() => {
    const kept = rows.filter((row) => filter === 'all' || isActive(row, now) === (filter === 'active'));
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return kept.sort((a, b) => sign * compare(a, b, sort.key) || compare(a, b, 'name'));
  }, [rows, filter, sort, now]);

  const toggleSort = (key: SortKey) => setSort((current) => nextSort(current, key));

  return { shown, sort, toggleSort, filter, setFilter };
}
