// The dropdown under the search box: a heading with Clear, then the results, or a notice when there
// are none or the search failed.
import type { RefObject } from 'react';
import { searchPageHref, TOO_SHORT_MESSAGE } from '~/shared/search/query';
import { clearSearch, type SearchState } from '~/stores/search';
import { HEADING_ID, type Group } from './results';
import { ResultsListbox } from './ResultsListbox';

interface Props {
  /** The search box: Clear gives it the focus back. */
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  status: SearchState['status'];
  groups: Group[];
  active: number;
  setActive: (index: number) => void;
}

function Notice({ title, text }: { title: string; text?: string }) {
  return (
    <div className="px-2 py-4 text-center text-sm">
      <p className="font-medium">{title}</p>
      {text && <p className="text-base-content/75">{text}</p>}
    </div>
  );
}

export function ResultsPanel({ inputRef, query, status, groups, active, setActive }: Props) {
  return (
    // Clicks inside keep the focus in the search box, so the dropdown stays open until they land. That
    // mousedown is no control of its own (the listbox and Clear are): the container is presentational.
    <div
      role="presentation"
      className="absolute right-0 top-full z-50 mt-2 w-full min-w-72 rounded-box border border-base-300 bg-base-100 shadow-lg"
      data-testid="search-results"
      onMouseDown={(event) => event.preventDefault()}
    >
      <div className="flex items-center justify-between border-b border-base-300 px-3 py-2">
        <h2 id={HEADING_ID} className="text-sm font-semibold">
          Search Results
        </h2>
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          onClick={() => {
            clearSearch();
            inputRef.current?.focus();
          }}
        >
          Clear
        </button>
      </div>
      <div className="max-h-80 overflow-y-auto p-2">
        {status === 'short' ? (
          <Notice title={TOO_SHORT_MESSAGE} />
        ) : status === 'error' ? (
          <Notice title="Search failed" text="Could not perform search at this time" />
        ) : groups.length === 0 ? (
          <Notice title="No results found" text="Try a different search term" />
        ) : (
          <ResultsListbox groups={groups} active={active} setActive={setActive} />
        )}
      </div>
      {status !== 'short' && (
        <a href={searchPageHref(query)} className="block border-t border-base-300 px-3 py-2 text-sm link link-primary">
          See all results
        </a>
      )}
    </div>
  );
}
