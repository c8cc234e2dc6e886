// One row per team member: name and username as the row header, then the figures. Dates are relative,
// with the exact time on hover and focus.
import { isActive, PLAN_STATUS_LABELS, type TeamMemberRow } from '~/shared/team/figures';
import { exactTime, relativeTime } from '~/shared/team/relative-time';
import { COLUMNS } from '~/shared/team/team-table';

export function TeamTableBody({ rows, rampLines, now }: { rows: TeamMemberRow[]; rampLines: Readonly<Record<string, string>>; now: Date }) {
  return (
    <tbody>
      {rows.length === 0 ? (
        <tr>
          <td colSpan={COLUMNS.length} className="text-center opacity-70">
            No team members match this filter.
          </td>
        </tr>
      ) : (
        rows.map((row) => <TeamRow key={row.id} row={row} rampLine={rampLines[row.id] ?? null} now={now} />)
      )}
    </tbody>
  );
}

/** A date as short text; the exact time shows on hover and keyboard focus (and is read out). */
function When({ iso, text }: { iso: string; text: string }) {
  const exact = exactTime(iso);
  return (
    <span className="tooltip tooltip-left" data-tip={exact}>
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- focus shows the exact time (content on hover or focus, WCAG 1.4.13) */}
      <time dateTime={iso} tabIndex={0} className="rounded focus-visible:outline-2">
        {text}
        <span className="sr-only"> ({exact})</span>
      </time>
    </span>
  );
}

const number = 'px-2 text-right tabular-nums';

const PLAN_BADGES: Record<TeamMemberRow['planStatus'], string> = {
  overdue: 'badge-error',
  behind: 'badge-warning',
  on_track: 'badge-success',
  certified: 'badge-info',
  none: 'badge-ghost',
};

function LastActiveCell({ row, now, active }: { row: TeamMemberRow; now: Date; active: boolean }) {
  return (
    <td className="px-1" data-figure="lastActive">
      <span className="whitespace-nowrap">
        {row.lastActive === 'null' ? 'Never' : <When iso={row.lastActive} text={relativeTime(row.lastActive, now)} />}
      </span>
      <span className={`badge badge-sm mt-0.5 block w-fit ${active ? 'badge-success' : 'badge-ghost'}`}>
        {active ? 'Active' : 'Inactive'}
      </span>
    </td>
  );
}

/** The program, day N, required items done of required, and the status; practice and the ramp below. */
function PlanCell({ row, rampLine }: { row: TeamMemberRow; rampLine: string | null }) {
  return (
    <>
      <span className={`badge badge-sm whitespace-nowrap ${PLAN_BADGES[row.planStatus]}`}>{PLAN_STATUS_LABELS[row.planStatus]}</span>
      {row.program && (
        <span className="block text-xs opacity-70" title={row.program.title}>
          <span className="sr-only">{row.program.title}, </span>
          day {row.planDay} · {row.planDone}/{row.planRequired}
          {row.planTestedOut > 0 && <span data-testid="tested-out-items"> · {row.planTestedOut} tested out</span>}
          {row.overdueItems > 0 && <span data-testid="overdue-items"> · {row.overdueItems} overdue</span>}
        </span>
      )}
      {(row.practiceWaiting > 0 || row.practicePassed > 0) && (
        <span className="block text-xs opacity-70" data-testid="practice-figures">
          Practice: {row.practicePassed} passed{row.practiceWaiting > 0 && ` · ${row.practiceWaiting} waiting`}
        </span>
      )}
      {rampLine && (
        <span className="block text-xs opacity-70" data-testid="ramp-line">
          {rampLine}
        </span>
      )}
    </>
  );
}

function TeamRow({ row, rampLine, now }: { row: TeamMemberRow; rampLine: string | null; now: Date }) {
  const active = isActive(row, now);
  return (
    <tr data-user-id={row.id}>
      <th scope="row" className="px-1 font-normal">
        <a href={`/team-progress/${row.id}`} className="link-hover link block font-medium">
          {row.name}
        </a>
        <span className="block max-w-28 truncate text-xs opacity-70" title={row.username}>
          {row.username}
        </span>
      </th>
      <td className="px-0.5" data-figure="planStatus">
        <PlanCell row={row} rampLine={rampLine} />
      </td>
      <td className="px-1" data-figure="onTrack">
        <span className={`badge badge-sm whitespace-nowrap ${row.onTrack ? 'badge-success' : 'badge-warning'}`}>
          {row.onTrack ? 'On track' : 'Behind'}
        </span>
        <span className="block text-xs opacity-70">
          {row.modulesCompleted} of {row.modulesExpected} due
        </span>
      </td>
      <td className={number} data-figure="progress">
        {row.progress}%
      </td>
      <td className={number} data-figure="mastery">
        {row.mastery}%
      </td>
      <td className={number} data-figure="averageQuizScore">
        {row.averageQuizScore === null ? '—' : `${row.averageQuizScore}%`}
      </td>
      <LastActiveCell row={row} now={now} active={active} />
    </tr>
  );
}
