// The team table of /team-progress (SPEC §2, §3): rows come as props from the server-rendered page
// (only administrators get that HTML), so there is no client fetch. Adds keyboard-operable sorting
// (aria-sort), an active/inactive filter and a CSV export of the rows shown.
import { useMemo, useState } from 'react';
import { teamProgressCsv } from '~/lib/team/csv';
import { isActive, TEAM_FIGURES, type TeamFigure, type TeamProgressRow } from '~/lib/team/figures';

type SortKey = 'name' | TeamFigure;
type Filter = 'all' | 'active' | 'inactive';

interface Props {
  rows: TeamProgressRow[];
  /** When the figures were computed (ISO); 'active' is judged against it so server and client agree. */
  generatedAt: string;
}

const COLUMNS: ReadonlyArray<{ key: SortKey; label: string; numeric: boolean; definition: string }> = [
  { key: 'name', label: 'Team member', numeric: false, definition: 'Name and username.' },
  ...TEAM_FIGURES.map((figure) => ({ ...figure, numeric: figure.key !== 'lastActive' })),
];

function compare(a: TeamProgressRow, b: TeamProgressRow, key: SortKey): number {
  if (key === 'name') return a.name.localeCompare(b.name) || a.username.localeCompare(b.username);
  if (key === 'lastActive') {
    const time = (row: TeamProgressRow) => (row.lastActive === 'null' ? -Infinity : Date.parse(row.lastActive));
    return time(a) - time(b);
  }
  return a[key] - b[key];
}

function formatLastActive(value: string): string {
  if (value === 'null') return 'Never';
  const date = new Date(value);
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function download(csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'team-progress.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export default function TeamProgressTable({ rows, generatedAt }: Props) {
  const [sort, setSort] = useState<{ key: SortKey; direction: 'ascending' | 'descending' }>({ key: 'name', direction: 'ascending' });
  const [filter, setFilter] = useState<Filter>('all');
  const now = useMemo(() => new Date(generatedAt), [generatedAt]);

  const shown = useMemo(() => {
    const kept = rows.filter((row) => filter === 'all' || isActive(row, now) === (filter === 'active'));
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return kept.sort((a, b) => sign * compare(a, b, sort.key) || compare(a, b, 'name'));
  }, [rows, filter, sort, now]);

  const toggleSort = (key: SortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: key === 'name' ? 'ascending' : 'descending' },
    );

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Show team members</legend>
          {(['all', 'active', 'inactive'] as const).map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-1 text-sm">
              <input
                type="radio"
                name="team-filter"
                className="radio radio-sm"
                value={value}
                checked={filter === value}
                onChange={() => setFilter(value)}
              />
              {value === 'all' ? 'All' : value === 'active' ? 'Active (last 7 days)' : 'Inactive'}
            </label>
          ))}
        </fieldset>
        <button type="button" className="btn btn-sm btn-outline ml-auto" onClick={() => download(teamProgressCsv(shown))}>
          Export CSV
        </button>
      </div>
      <p className="text-sm opacity-80" aria-live="polite" data-testid="team-row-count">
        Showing {shown.length} of {rows.length} team members
      </p>
      <div className="overflow-x-auto rounded-box border border-base-300" role="region" aria-label="Team progress table" tabIndex={0}>
        <table className="table table-zebra" data-testid="team-table">
          <caption className="sr-only">Team progress, one row per team member. Column headers are buttons that sort the table.</caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => {
                const active = sort.key === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={active ? sort.direction : 'none'}
                    className={column.numeric ? 'text-right' : undefined}
                  >
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs gap-1 px-1 normal-case"
                      title={column.definition}
                      onClick={() => toggleSort(column.key)}
                    >
                      {column.label}
                      <span aria-hidden="true">{active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length} className="text-center opacity-70">
                  No team members match this filter.
                </td>
              </tr>
            ) : (
              shown.map((row) => (
                <tr key={row.id} data-user-id={row.id}>
                  <th scope="row" className="font-normal">
                    <span className="block font-medium">{row.name}</span>
                    <span className="block text-xs opacity-70">{row.username}</span>
                  </th>
                  <td className="text-right tabular-nums" data-figure="progress">
                    {row.progress}%
                  </td>
                  <td className="text-right tabular-nums" data-figure="pagesVisited">
                    {row.pagesVisited}
                  </td>
                  <td className="text-right tabular-nums" data-figure="quizzesCompleted">
                    {row.quizzesCompleted}
                  </td>
                  <td className="text-right tabular-nums" data-figure="dailyChallenges">
                    {row.dailyChallenges}
                  </td>
                  <td className="text-right tabular-nums" data-figure="loginCount">
                    {row.loginCount}
                  </td>
                  <td className="whitespace-nowrap" data-figure="lastActive">
                    {row.lastActive === 'null' ? 'Never' : <time dateTime={row.lastActive}>{formatLastActive(row.lastActive)}</time>}
                    <span className={`badge badge-sm ml-2 ${isActive(row, now) ? 'badge-success' : 'badge-ghost'}`}>
                      {isActive(row, now) ? 'Active' : 'Inactive'}
                    </span>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
