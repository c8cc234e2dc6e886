// The challenge's options as radios. Once answered they are locked, the correct one is marked (and
// ticked) and a wrong pick shows as such.
import type { ChallengeVerdict, DailyChallenge } from '~/shared/api/daily-challenge';
import { selectChallengeOption } from '~/stores/daily-challenge';
import { OptionRadio } from '../shared/OptionRadio';

interface Props {
  challenge: DailyChallenge;
  selected: string | null;
  result: ChallengeVerdict | null;
  /** Answered, or being submitted. */
  locked: boolean;
}

export function ChallengeOptions({ challenge, selected, result, locked }: Props) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={locked}>
      <legend className="mb-3 font-medium">{challenge.text}</legend>
      {challenge.options.map((option) => (
        <OptionRadio
          key={option.id}
          name={`challenge-${challenge.id}`}
          option={option}
          checked={selected === option.id}
          onSelect={selectChallengeOption}
          tone={toneOf(option.id, selected, result)}
          correct={result?.correctOptionId === option.id}
          locked={locked}
        />
      ))}
    </fieldset>
  );
}

/** Once answered: the correct option green, a wrong pick red; before: the pick highlighted. */
function toneOf(optionId: string, selected: string | null, result: ChallengeVerdict | null): string {
  if (result?.correctOptionId === optionId) return 'border-success bg-success/15';
  if (result !== null && selected === optionId) return 'border-error bg-error/10';
  return selected === optionId ? 'border-primary bg-primary/10' : 'border-base-300 hover:bg-base-200';
}
