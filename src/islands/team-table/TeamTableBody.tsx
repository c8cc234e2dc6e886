// One row per team member: name and username as the row header, then the figures.
import { isActive, type TeamProgressRow } from '~/lib/team/figures';
import { COLUMNS } from './sorting';

function formatLastActive(value: string): string {
  if (value === 'null') return 'Never';
  const date = new Date(value);
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function TeamTableBody({ rows, now }: { rows: TeamProgressRow[]; now: Date }) {
  return (
    <tbody>
      {rows.length === 0 ? (
        <tr>
          <td colSpan={COLUMNS.length} className="text-center opacity-70">
            No team members match this filter.
          </td>
        </tr>
      ) : (
        rows.map((row) => <TeamRow key={row.id} row={row} active={isActive(row, now)} />)
      )}
    </tbody>
  );
}

function TeamRow({ row, active }: { row: TeamProgressRow; active: boolean }) {
  return (
    <tr data-user-id={row.id}>
      <th scope="row" className="font-normal">
        <span className="block font-medium">{row.name}</span>
        <span className="block text-xs opacity-70">{row.username}</span>
      </th>
      <td className="text-right tabular-nums" data-figure="progress">
        {row.progress}%
      </td>
      <td className="text-right tabular-nums" data-figure="mastery">
        {row.mastery}%
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
        <span className={`badge badge-sm ml-2 ${active ? 'badge-success' : 'badge-ghost'}`}>{active ? 'Active' : 'Inactive'}</span>
      </td>
    </tr>
  );
}
