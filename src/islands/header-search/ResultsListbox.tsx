// The results as an ARIA listbox of groups; options are numbered across the groups, as the keyboard
// and aria-activedescendant count them.
import { followResult, HEADING_ID, LISTBOX_ID, optionId, type Group } from './results';

interface Props {
  groups: Group[];
  active: number;
  setActive: (index: number) => void;
}

export function ResultsListbox({ groups, active, setActive }: Props) {
  let index = 0;
  return (
    <div role="listbox" id={LISTBOX_ID} aria-labelledby={HEADING_ID}>
      {groups.map(([label, items]) => (
        <div role="group" aria-labelledby={`${LISTBOX_ID}-${label}`} key={label} className="mb-1">
          <p
            id={`${LISTBOX_ID}-${label}`}
            role="presentation"
            className="px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-base-content/75"
          >
            {label}
          </p>
          {items.map((item) => {
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
                  followResult(item.href);
                }}
              >
                {item.label}
              </a>
            );
          })}
        </div>
      ))}
    </div>
  );
}
