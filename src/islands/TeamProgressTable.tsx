// The team table of /team-progress (docs/product.md "Team Progress (/team-progress)"): rows come as props from the server-rendered page
// (only administrators get that HTML), so there is no client fetch. Adds keyboard-operable sorting
// (aria-sort), an active/inactive filter and a CSV export of the rows shown.
// Its parts live in ./team-table/: the sorting and filtering (useTeamRows), the filter, the table.
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { teamProgressCsv } from '~/lib/team/csv';
import type { TeamMemberRow } from '~/lib/team/figures';
import { downloadCsv } from './team-table/download';
import { TeamFilter } from './team-table/TeamFilter';
import { TeamPages } from './team-table/TeamPages';
import { TeamTableBody } from './team-table/TeamTableBody';
import { TeamTableHead } from './team-table/TeamTableHead';
import { useTeamRows } from './team-table/useTeamRows';

interface Props {
  rows: TeamMemberRow[];
  /** When the figures were computed (ISO); 'active' is judged against it so server and client agree. */
  generatedAt: string;
}

export default function TeamProgressTable({ rows, generatedAt }: Props) {
  const now = useMemo(() => new Date(generatedAt), [generatedAt]);
  const { shown, pageRows, page, pages, setPage, sort, toggleSort, filter, setFilter, query, setQuery } = useTeamRows(rows, now);
  const region = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(region);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <TeamFilter filter={filter} onChange={setFilter} />
        <label className="flex items-center gap-2 text-sm">
          Find
          <input
            type="search"
            className="input input-bordered input-sm w-48"
            placeholder="Name or e-mail"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            data-testid="team-find"
          />
        </label>
        <button type="button" className="btn btn-sm btn-outline ml-auto" onClick={() => downloadCsv(teamProgressCsv(shown))}>
          Export CSV
        </button>
      </div>
      <p className="text-sm opacity-80" aria-live="polite" data-testid="team-row-count">
        Showing {shown.length} of {rows.length} team members
      </p>
      {scrolls && (
        <p className="text-sm font-medium" data-testid="team-table-scrolls">
          The table is wider than the screen: scroll it sideways to see every column.
        </p>
      )}
      {/* tabIndex: a scroll container must take focus to be scrolled by keyboard (axe: scrollable-region-focusable). */}
      <div
        ref={region}
        className="overflow-x-auto rounded-box border border-base-300"
        role="region"
        aria-label="Team progress table"
        tabIndex={0}
      >
        <table className="table table-zebra table-sm" data-testid="team-table">
          <caption className="sr-only">Team progress, one row per team member. Column headers are buttons that sort the table.</caption>
          <TeamTableHead sort={sort} onSort={toggleSort} />
          <TeamTableBody rows={pageRows} now={now} />
        </table>
      </div>
      {pages > 1 && <TeamPages page={page} pages={pages} onPage={setPage} />}
    </div>
  );
}

/** Whether the element's content is wider than the element (watched as the window resizes). */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    check();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
