// The header search box and its results dropdown (SPEC §2, §8), an ARIA 1.2 combobox: the input
// (role combobox) owns a listbox of grouped options and points at the active one with
// aria-activedescendant, so focus stays in the input. '/' focuses the box, ArrowDown/ArrowUp move,
// Enter opens the active result, Escape closes (a second Escape clears); Tab also reaches Clear and the
// result links. It ships on every page: keep it small (types only from src/lib/api, no zod, no icon map).
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { SearchResponse } from '~/lib/api/search';
import { $search, clearSearch, setSearchQuery } from '~/stores/search';

const LISTBOX_ID = 'header-search-listbox';
const HEADING_ID = 'header-search-heading';
const optionId = (index: number) => `header-search-option-${index}`;

interface Item {
  href: string;
  label: string;
}

/** The four groups of SPEC §2 in order; empty groups are left out. */
function groupsOf(results: SearchResponse): Array<[string, Item[]]> {
  const groups: Array<[string, Item[]]> = [
    ['Modules', results.modules.map((m) => ({ href: `/modules/${m.id}`, label: m.title }))],
    ['Segments', results.segments.map((s) => ({ href: `/segments/${s.id}`, label: s.name }))],
    ['Personas', results.personas.map((p) => ({ href: `/personas/${p.id}`, label: `${p.name} - ${p.title}` }))],
    ['Quizzes', results.quizzes.map((q) => ({ href: `/quizzes/${q.id}`, label: q.title }))],
  ];
  return groups.filter(([, items]) => items.length > 0);
}

function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

function Notice({ title, text }: { title: string; text: string }) {
  return (
    <div className="px-2 py-4 text-center text-sm">
      <p className="font-medium">{title}</p>
      <p className="text-base-content/75">{text}</p>
    </div>
  );
}

export default function HeaderSearch() {
  const { query, results, status } = useStore($search);
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);

  const groups = results ? groupsOf(results) : [];
  const items = groups.flatMap(([, groupItems]) => groupItems);
  const hasQuery = query.trim() !== '';
  const showPanel = open && hasQuery && (status === 'error' || results !== null);
  const expanded = showPanel && status !== 'error' && items.length > 0;
  const announcement =
    status === 'done' && results
      ? items.length
        ? `${items.length} result${items.length === 1 ? '' : 's'} available`
        : 'No results found'
      : '';

  useEffect(() => setActive(-1), [results]);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  /** Following a result clears the results (SPEC §2), then goes there. */
  const follow = (href: string) => {
    clearSearch();
    window.location.assign(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = items.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      setOpen(true);
      setActive((current) => (!expanded || current < 0 ? (down ? 0 : count - 1) : (current + (down ? 1 : count - 1)) % count));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const item = items[active];
      if (!item) return;
      event.preventDefault();
      follow(item.href);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (showPanel) {
        setOpen(false);
        setActive(-1);
      } else {
        clearSearch();
      }
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  let index = 0;
  return (
    <div className="relative" onBlur={onBlur}>
      <label className="input input-sm w-full">
        <svg
          className="size-4 opacity-60"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16M21 21l-4.3-4.3" />
        </svg>
        <input
          ref={input}
          type="search"
          name="q"
          role="combobox"
          placeholder="Search content..."
          aria-label="Search content"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? LISTBOX_ID : undefined}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={query}
          onChange={(event) => {
            setOpen(true);
            setSearchQuery(event.target.value);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {!query && (
          <kbd className="kbd kbd-xs hidden sm:inline-flex" aria-hidden="true">
            /
          </kbd>
        )}
      </label>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {showPanel && (
        <div
          className="absolute right-0 top-full z-50 mt-2 w-full min-w-72 rounded-box border border-base-300 bg-base-100 shadow-lg"
          data-testid="search-results"
          // Clicks inside keep the focus in the search box, so the dropdown stays open until they land.
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
                input.current?.focus();
              }}
            >
              Clear
            </button>
          </div>
          <div className="max-h-80 overflow-y-auto p-2">
            {status === 'error' ? (
              <Notice title="Search failed" text="Could not perform search at this time" />
            ) : items.length === 0 ? (
              <Notice title="No results found" text="Try a different search term" />
            ) : (
              <div role="listbox" id={LISTBOX_ID} aria-labelledby={HEADING_ID}>
                {groups.map(([label, groupItems]) => (
                  <div role="group" aria-labelledby={`${LISTBOX_ID}-${label}`} key={label} className="mb-1">
                    <p
                      id={`${LISTBOX_ID}-${label}`}
                      role="presentation"
                      className="px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-base-content/75"
                    >
                      {label}
                    </p>
                    {groupItems.map((item) => {
                      const i = index++;
                      return (
                        <a
                          key={item.href}
                          id={optionId(i)}
                          role="option"
                          aria-selected={i === active}
                          href={item.href}
                          className={`block rounded-field px-2 py-1.5 text-sm hover:bg-base-200 ${i === active ? 'bg-base-200 outline outline-2 outline-primary' : ''}`}
                          onMouseMove={() => setActive(i)}
                          onClick={(event) => {
                            // A modified click opens a new tab: this page keeps its results.
                            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                            event.preventDefault();
                            follow(item.href);
                          }}
                        >
                          {item.label}
                        </a>
                      );
                    })}
                  </div>
                ))}
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
