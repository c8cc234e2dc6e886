// Previous and next page of the team table, with where the reader is.
export function TeamPages({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Team table pages" className="flex items-center gap-3" data-testid="team-pages">
      <button type="button" className="btn btn-sm btn-outline" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span className="text-sm" aria-live="polite">
        Page {page + 1} of {pages}
      </span>
      <button type="button" className="btn btn-sm btn-outline" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
