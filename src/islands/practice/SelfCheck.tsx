// The self-check sent with an attempt: the rep ticks the rubric items they believe their answer did.
import type { RubricItemView } from '~/shared/practice/view';

interface Props {
  rubric: readonly RubricItemView[];
  ticked: Readonly<Record<string, boolean>>;
  onChange: (itemId: string, ticked: boolean) => void;
}

export function SelfCheck({ rubric, ticked, onChange }: Props) {
  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-4" data-testid="self-check">
      <legend className="fieldset-legend">Self-check: tick what you believe your answer did</legend>
      {rubric.map((item) => (
        <label key={item.id} className="label items-start gap-3 whitespace-normal text-base-content">
          <input
            type="checkbox"
            className="checkbox checkbox-sm mt-0.5"
            checked={ticked[item.id] === true}
            onChange={(event) => onChange(item.id, event.target.checked)}
          />
          <span>
            {item.does}
            {item.required && <span className="badge badge-outline badge-sm ml-2">Required</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
