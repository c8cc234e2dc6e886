// "Record instead" (loaded on first use): record a spoken answer up to the scenario's limit, with a timer and a
// level meter, play it back, record again or send it; then the attempt's page. The recording's state is
// announced. Without a microphone the typed answer comes back with the reason.
import { useCallback, useState } from 'react';
import { clockOf, type ScenarioView } from '~/shared/practice/view';
import { attemptPage, messageOf, sendRecording } from '~/stores/practice';
import { RecorderButtons } from './RecorderButtons';
import { useRecorder } from './useRecorder';

const MICROPHONE_REFUSED = 'Your browser did not allow the microphone, so you can type your answer instead.';

interface Props {
  scenario: ScenarioView;
  onTypeInstead: (notice: string | null) => void;
}

export default function Recorder({ scenario, onTypeInstead }: Props) {
  const limit = scenario.timeLimitSeconds;
  const refused = useCallback(() => onTypeInstead(MICROPHONE_REFUSED), [onTypeInstead]);
  const { phase, elapsed, level, clip, announcement, start, stop, reset } = useRecorder(limit, refused);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    if (!clip) return;
    setSending(true);
    setError(null);
    try {
      window.location.assign(attemptPage((await sendRecording(scenario.id, clip.blob)).id));
    } catch (failure) {
      setError(messageOf(failure));
      setSending(false);
    }
  }

  return (
    <section className="flex flex-col gap-3" aria-label="Record your answer" data-testid="recorder">
      <p className="font-mono text-2xl" data-testid="recorder-timer">
        {clockOf(clip?.seconds ?? elapsed)} <span className="text-base opacity-75">of {clockOf(limit)}</span>
      </p>
      {phase === 'recording' && (
        <label className="flex items-center gap-2 text-sm">
          Level
          <progress className="progress progress-primary w-56" value={level} max={100} data-testid="recorder-level" />
        </label>
      )}
      <p role="status" aria-live="polite" className="text-sm" data-testid="recorder-status">
        {announcement}
      </p>
      {clip && (
        // eslint-disable-next-line jsx-a11y-x/media-has-caption -- the rep's own recording: there is no caption to give
        <audio controls src={clip.url} data-testid="recording-playback" aria-label="Your recording" />
      )}
      {error && (
        <p className="text-error" role="alert">
          {error}
        </p>
      )}
      <RecorderButtons
        phase={phase}
        sending={sending}
        onStart={() => void start()}
        onStop={stop}
        onSend={() => void send()}
        onReset={reset}
        onTypeInstead={() => onTypeInstead(null)}
      />
    </section>
  );
}
