// The team table of /team-progress (docs/product.md "Team Progress (/team-progress)"), rendered on the server only (no client
// directive, so no JavaScript): the page sorts, filters and pages the rows (~/shared/team/team-table) and passes the one page
// shown. Sort headers and the pager are links, the filter and Find a GET form, the CSV a download of every row the filter
// keeps (GET /api/team-progress/csv), so the table works the same with and without JavaScript.
// Its parts live in ./team-table/. The note that the table scrolls sideways is a template ~/page-scripts/team-table.ts shows.
import type { TeamMemberRow } from '~/shared/team/figures';
import { isDefaultSort, type TeamTableState } from '~/shared/team/team-table';
import { csvHref } from './team-table/href';
import { TeamFilter } from './team-table/TeamFilter';
import { TeamPages } from './team-table/TeamPages';
import { TeamTableBody } from './team-table/TeamTableBody';
import { TeamTableHead } from './team-table/TeamTableHead';

interface Props {
  /** The rows of the page shown. */
  rows: TeamMemberRow[];
  /** Each row's ramp line by account id (~/shared/team/ramp-line), when their program has milestones. */
  rampLines: Readonly<Record<string, string>>;
  /** The table's state; its page is the one shown. */
  state: TeamTableState;
  /** Rows the filter and Find keep (all pages), the team's size, and the number of pages. */
  shown: number;
  total: number;
  pages: number;
  /** When the figures were computed (ISO): relative times are counted from it. */
  generatedAt: string;
}

/** The filter and Find: a GET form to this page that keeps the sort and starts again at the first page. */
function TableForm({ state }: { state: TeamTableState }) {
  return (
    <form method="get" action="/team-progress#team-table" className="flex flex-wrap items-center gap-3" data-testid="team-table-form">
      <TeamFilter filter={state.filter} />
      <label className="flex items-center gap-2 text-sm">
        Find
        <input
          type="search"
          name="find"
          className="input input-bordered input-sm w-48"
          placeholder="Name or e-mail"
          defaultValue={state.find}
          maxLength={100}
          data-testid="team-find"
        />
      </label>
      {!isDefaultSort(state.sort) && (
        <>
          <input type="hidden" name="sort" value={state.sort.key} />
          <input type="hidden" name="direction" value={state.sort.direction} />
        </>
      )}
      <button type="submit" className="btn btn-sm btn-primary">
        Apply
      </button>
    </form>
  );
}

export default function TeamProgressTable({ rows, rampLines, state, shown, total, pages, generatedAt }: Props) {
  return (
    <div className="space-y-3" id="team-table">
      <div className="flex flex-wrap items-center gap-3">
        <TableForm state={state} />
        <a className="btn btn-sm btn-outline ml-auto" href={csvHref(state)} download="team-progress.csv">
          Export CSV
        </a>
      </div>
      <p className="text-sm opacity-80" aria-live="polite" data-testid="team-row-count">
        Showing {shown} of {total} team members
      </p>
      <template data-team-table-scrolls>
        <p className="text-sm font-medium" data-testid="team-table-scrolls">
          The table is wider than the screen: scroll it sideways to see every column.
        </p>
      </template>
      {/* tabIndex: a scroll container must take focus to be scrolled by keyboard (axe: scrollable-region-focusable). */}
      <div
        className="overflow-x-auto rounded-box border border-base-300"
        role="region"
        aria-label="Team progress table"
        tabIndex={0}
        data-team-table-region
      >
        <table className="table table-zebra table-sm" data-testid="team-table">
          <caption className="sr-only">Team progress, one row per team member. Column headers are links that sort the table.</caption>
          <TeamTableHead state={state} />
          <TeamTableBody rows={rows} rampLines={rampLines} now={new Date(generatedAt)} />
        </table>
      </div>
      {pages > 1 && <TeamPages state={state} pages={pages} />}
    </div>
  );
}
