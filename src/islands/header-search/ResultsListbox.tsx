// The results as an ARIA listbox of groups; options are numbered across the groups, as the keyboard
// and aria-activedescendant count them.
import { reportOpened } from '~/stores/search';
import { followResult, HEADING_ID, LISTBOX_ID, optionId, type Group } from './results';

/** The snippet: odd parts are the matched words. */
function Snippet({ parts }: { parts: string[] }) {
  return (
    <span className="line-clamp-2 block text-xs text-base-content/80">
      {parts.map((part, i) => (i % 2 ? <mark key={i}>{part}</mark> : part))}
    </span>
  );
}

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
                key={item.key}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                href={item.href}
                className={`block rounded-field px-2 py-1.5 text-sm hover:bg-base-200 ${i === active ? 'bg-base-200 outline outline-2 outline-primary' : ''}`}
                onMouseMove={() => setActive(i)}
                onClick={(event) => {
                  // A modified click opens a new tab: this page keeps its results.
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                    return reportOpened(item.href);
                  event.preventDefault();
                  followResult(item.href);
                }}
                onAuxClick={(event) => event.button === 1 && reportOpened(item.href)}
              >
                {item.context ? (
                  <>
                    <span className="block font-medium">{item.label}</span>
                    <span className="block text-xs text-base-content/75">{item.context}</span>
                    {item.snippet && <Snippet parts={item.snippet} />}
                  </>
                ) : (
                  item.label
                )}
              </a>
            );
          })}
        </div>
      ))}
    </div>
  );
}
