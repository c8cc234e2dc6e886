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
              className={`px-1 align-bottom ${column.numeric ? 'text-right' : ''}`}
            >
              <a
                href={tableHref({ ...state, sort: nextSort(sort, column.key), page: 1 })}
                className="btn btn-ghost btn-xs h-auto min-h-6 gap-1 whitespace-nowrap px-1 py-0.5 text-left text-xs normal-case"
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
