// One answer option as a radio in a bordered row: the quiz's questions and the daily challenge share it.
import { CheckIcon } from '../CheckIcon';

interface Props {
  /** The radio group's name. */
  name: string;
  option: { id: string; text: string };
  checked: boolean;
  onSelect: (optionId: string) => void;
  /** The row's colours; by default the pick is highlighted. */
  tone?: string;
  /** Shown as the correct option (once answered): ticked, and marked for tests and styles. */
  correct?: boolean;
  /** Locked rows take no pointer cursor. */
  locked?: boolean;
}

const pickTone = (checked: boolean) => (checked ? 'border-primary bg-primary/10' : 'border-base-300 hover:bg-base-200');

export function OptionRadio({ name, option, checked, onSelect, tone = pickTone(checked), correct = false, locked = false }: Props) {
  return (
    <label
      className={`flex items-center gap-3 rounded-box border p-3 transition-colors ${locked ? '' : 'cursor-pointer'} ${tone}`}
      data-correct={correct ? 'true' : undefined}
    >
      <input
        type="radio"
        className="radio radio-primary radio-sm"
        name={name}
        value={option.id}
        checked={checked}
        onChange={() => onSelect(option.id)}
      />
      <span className="flex-1">{option.text}</span>
      {correct && <CheckIcon className="size-4 text-success" />}
    </label>
  );
}
