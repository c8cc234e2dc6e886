// Below the options: Submit Answer until answered, then the verdict with its explanation.
import type { RefObject } from 'react';
import type { ChallengeVerdict } from '~/shared/api/daily-challenge';

interface VerdictProps {
  result: ChallengeVerdict;
  /** Focused after a submit, so the verdict is read out. */
  panelRef: RefObject<HTMLDivElement | null>;
}

export function ChallengeVerdictPanel({ result, panelRef }: VerdictProps) {
  return (
    <div ref={panelRef} tabIndex={-1} className={`alert ${result.correct ? 'alert-success' : 'alert-warning'} items-start`} role="status">
      <div>
        <p className="font-semibold">{result.correct ? 'Correct!' : 'Not quite right.'}</p>
        <p className="text-sm">{result.explanation}</p>
      </div>
    </div>
  );
}

export function SubmitAnswerButton({ disabled, submitting, onSubmit }: { disabled: boolean; submitting: boolean; onSubmit: () => void }) {
  return (
    <div>
      <button type="button" className="btn btn-primary" disabled={disabled} onClick={onSubmit}>
        {submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Submit Answer
      </button>
    </div>
  );
}
