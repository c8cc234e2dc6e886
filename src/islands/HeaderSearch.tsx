// The header search box and its results dropdown (docs/product.md "Header search"), an ARIA 1.2 combobox: the input
// (role combobox) owns a listbox of grouped options and points at the active one with
// aria-activedescendant, so focus stays in the input. '/' focuses the box, ArrowDown/ArrowUp move,
// Enter opens the active result — or, with none active, submits the header's form to /search?q=… (it
// works before hydration too) — Escape closes (a second Escape clears); Tab also reaches Clear, the
// result links and 'See all results'. It loads on every page once used: keep it small (types only from
// src/shared/api, no zod, no icon map). The state and keyboard stay here; ./header-search/ has the box, the
// dropdown, the highlight and typed-text hooks (few parts, few props: each one adds bytes). It hydrates on first use
// (client:interaction); '/' works before that (src/page-scripts/slash-shortcut.ts).
import { useStore } from '@nanostores/react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { TOO_SHORT_MESSAGE } from '~/shared/search/query';
import { $search, clearSearch } from '~/stores/search';
import { followResult, groupsOf } from './header-search/results';
import { ResultsPanel } from './header-search/ResultsPanel';
import { SearchBox } from './header-search/SearchBox';
import { useActiveOption } from './header-search/useActiveOption';
import { useTypedText } from './header-search/useTypedText';

export default function HeaderSearch() {
  const { query, results, status } = useStore($search);
  const [open, setOpen] = useState(true);
  const [active, setActive] = useActiveOption(results);
  const input = useRef<HTMLInputElement>(null);
  useTypedText(input);

  const groups = results ? groupsOf(results) : [];
  const items = groups.flatMap(([, groupItems]) => groupItems);
  const count = items.length;
  const showPanel = open && query.trim() !== '' && (status === 'error' || status === 'short' || results !== null);
  const expanded = showPanel && status !== 'error' && count > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const down = event.key === 'ArrowDown';
    if ((down || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (!expanded || current < 0 ? (down ? 0 : count - 1) : (current + (down ? 1 : count - 1)) % count));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const item = items[active];
      if (!item) return;
      event.preventDefault();
      followResult(item.href);
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

  return (
    // Focus moving between the box and the dropdown keeps it open; leaving both closes it.
    <div
      className="relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <SearchBox inputRef={input} query={query} expanded={expanded} active={active} setOpen={setOpen} onKeyDown={onKeyDown} />
      <p role="status" className="sr-only">
        {status === 'short'
          ? TOO_SHORT_MESSAGE
          : status === 'done' && results
            ? count
              ? `${count} result${count === 1 ? '' : 's'} available`
              : 'No results found'
            : ''}
      </p>
      {showPanel && <ResultsPanel inputRef={input} query={query} status={status} groups={groups} active={active} setActive={setActive} />}
    </div>
  );
}
