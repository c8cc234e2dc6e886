// The search box itself: the combobox input, with its magnifier and the '/' hint while it is empty.
import { useStore } from '@nanostores/react';
import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import { $searchClears, setSearchQuery } from '~/stores/search';
import { StrokeIcon } from '../shared/StrokeIcon';
import { LISTBOX_ID, optionId } from './results';

interface Props {
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  /** The listbox is shown: the input controls it and points at the highlighted option. */
  expanded: boolean;
  active: number;
  setOpen: (open: boolean) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}

export function SearchBox({ inputRef, query, expanded, active, setOpen, onKeyDown }: Props) {
  const clears = useStore($searchClears);
  useEffect(() => {
    if (clears > 0 && inputRef.current) inputRef.current.value = '';
  }, [clears, inputRef]);
  return (
    <label className="input input-sm w-full">
      <StrokeIcon d="M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16M21 21l-4.3-4.3" className="size-4 opacity-60" strokeWidth="2" />
      <input
        ref={inputRef}
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
        // Uncontrolled: React never writes the field, so nothing typed before, during or after hydration
        // can be overwritten; the store follows the field (here and in useTypedText).
        defaultValue={query}
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
  );
}
