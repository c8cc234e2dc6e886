// The column headers: each is a link that sorts by it (title: the figure's definition), and the sorted one
// carries aria-sort.
import { COLUMNS, nextSort, type TeamTableState } from '~/shared/team/team-table';
import { tableHref } from './href';

export function TeamTableHead({ state }: { state: TeamTableState }) {
  const { sort } = state;
  return (
    <thead>
      <tr>
        {COLUMNS.map((column) => {
          const active = sort.key === column.key;
          return (
            <th
              key={column.key}
              scope="col"
              aria-sort={active ? sort.direction : 'none'}
              className={`px-0.5 align-bottom ${column.numeric ? 'text-right' : ''}`}
            >
              <a
                href={tableHref({ ...state, sort: nextSort(sort, column.key), page: 1 })}
                className="btn btn-ghost btn-xs h-auto min-h-6 max-w-[3.75rem] gap-0.5 whitespace-normal px-0.5 py-0.5 text-left text-[11px] leading-tight normal-case"
                title={column.definition}
              >
                {column.label}
                <span aria-hidden="true">{active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}</span>
              </a>
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
