// Previous and next page of the team table, with where the reader is; at either end the way further is shown but not a link.
import type { TeamTableState } from '~/shared/team/team-table';
import { tableHref } from './href';

function PageLink({ to, state, label }: { to: number | null; state: TeamTableState; label: string }) {
  return to === null ? (
    <span className="btn btn-sm btn-outline btn-disabled" aria-disabled="true">
      {label}
    </span>
  ) : (
    <a className="btn btn-sm btn-outline" href={tableHref({ ...state, page: to })}>
      {label}
    </a>
  );
}

export function TeamPages({ state, pages }: { state: TeamTableState; pages: number }) {
  const { page } = state;
  return (
    <nav aria-label="Team table pages" className="flex items-center gap-3" data-testid="team-pages">
      <PageLink to={page > 1 ? page - 1 : null} state={state} label="Previous page" />
      <span className="text-sm">
        Page {page} of {pages}
      </span>
      <PageLink to={page < pages ? page + 1 : null} state={state} label="Next page" />
    </nav>
  );
}
