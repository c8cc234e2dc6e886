// One toggle button per situation; the one shown is pressed. Its heading takes focus on Start Over.
import type { RefObject } from 'react';
import type { SalesSituation } from '~/schemas/coach';

interface Props {
  situations: SalesSituation[];
  shownId: string | undefined;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onChoose: (situation: SalesSituation) => void;
}

export function SituationPicker({ situations, shownId, headingRef, onChoose }: Props) {
  return (
    <section aria-labelledby="coach-picker-title">
      <h2 id="coach-picker-title" ref={headingRef} tabIndex={-1} className="mb-3 text-lg font-semibold">
        Choose a situation
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {situations.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              aria-pressed={shownId === s.id}
              onClick={() => onChoose(s)}
              className={`btn h-full min-h-14 w-full justify-start text-left ${shownId === s.id ? 'btn-primary' : 'btn-outline'}`}
            >
              <span aria-hidden="true" className="text-xl">
                {s.emoji}
              </span>
              {s.name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
