// "Sure" / "Not sure" beside the challenge's answer: optional radios, locked once answered. Right and
// not sure is graded Hard by the memory model, right and sure (or no choice) Good.
import type { ConfidenceChoice } from '~/shared/api/review';
import { selectChallengeConfidence } from '~/stores/daily-challenge';

interface Props {
  challengeId: string;
  confidence: ConfidenceChoice | null;
  locked: boolean;
}

const CHOICES: ReadonlyArray<[ConfidenceChoice, string]> = [
  ['sure', 'Sure'],
  ['unsure', 'Not sure'],
];

export function ChallengeConfidence({ challengeId, confidence, locked }: Props) {
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2" disabled={locked} data-testid="confidence">
      <legend className="mb-2 text-sm font-medium">How sure are you? (optional)</legend>
      {CHOICES.map(([value, label]) => (
        <label key={value} className={`flex items-center gap-2 text-sm ${locked ? '' : 'cursor-pointer'}`}>
          <input
            type="radio"
            className="radio radio-sm"
            name={`challenge-confidence-${challengeId}`}
            value={value}
            checked={confidence === value}
            onChange={() => selectChallengeConfidence(value)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
