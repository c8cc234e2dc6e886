// The recorder's buttons by its phase: start; stop; send, record again; and "Type instead" while not recording.
import type { RecorderPhase } from './useRecorder';

interface Props {
  phase: RecorderPhase;
  sending: boolean;
  onStart: () => void;
  onStop: () => void;
  onSend: () => void;
  onReset: () => void;
  onTypeInstead: () => void;
}

export function RecorderButtons({ phase, sending, onStart, onStop, onSend, onReset, onTypeInstead }: Props) {
  return (
    <div className="flex flex-wrap gap-2">
      {(phase === 'idle' || phase === 'starting') && (
        <button type="button" className="btn btn-primary" disabled={phase === 'starting'} onClick={onStart}>
          Start recording
        </button>
      )}
      {phase === 'recording' && (
        <button type="button" className="btn btn-primary" onClick={onStop}>
          Stop
        </button>
      )}
      {phase === 'recorded' && (
        <>
          <button type="button" className="btn btn-primary" disabled={sending} onClick={onSend}>
            {sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Send recording
          </button>
          <button type="button" className="btn btn-outline" disabled={sending} onClick={onReset}>
            Record again
          </button>
        </>
      )}
      {phase !== 'recording' && (
        <button type="button" className="btn btn-ghost" disabled={sending} onClick={onTypeInstead}>
          Type instead
        </button>
      )}
    </div>
  );
}
