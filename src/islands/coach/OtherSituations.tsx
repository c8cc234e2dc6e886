// Offered where the result says no keyword matched: the other situations, one tap each, so a
// rep whose words the coach did not recognise can pick the right one without scrolling back to the top.
import type { SalesSituation } from '~/schemas/coach';

interface Props {
  situations: SalesSituation[];
  shownId: string;
  onChoose: (situation: SalesSituation) => void;
}

export function OtherSituations({ situations, shownId, onChoose }: Props) {
  return (
    <nav aria-labelledby="coach-other-title" className="mt-3 rounded-box bg-base-200 p-3" data-testid="coach-other-situations">
      <h3 id="coach-other-title" className="text-sm font-semibold">
        Not the right situation? Choose yours:
      </h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {situations
          .filter((s) => s.id !== shownId)
          .map((s) => (
            <li key={s.id}>
              <button type="button" className="btn btn-outline btn-sm h-auto min-h-8 py-1 text-left" onClick={() => onChoose(s)}>
                <span aria-hidden="true">{s.emoji}</span> {s.name}
              </button>
            </li>
          ))}
      </ul>
    </nav>
  );
}
