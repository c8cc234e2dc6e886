// The typed answer: a box of at most 5000 characters with its counter, "Check my answer" (matched against the
// rubric on the server) and "Record instead". Text typed before the island hydrated is kept.
import { useId, useState, type FormEvent } from 'react';
import type { PracticeAttempt } from '~/shared/api/practice';
import { PRACTICE_TEXT_MAX } from '~/shared/practice/limits';
import { checkTypedAnswer, messageOf } from '~/stores/practice';
import { useKeptBeforeHydration } from '../shared/useKeptBeforeHydration';

interface Props {
  scenarioId: string;
  text: string;
  /** Why the recorder is not offered (no microphone), shown above the box. */
  notice: string | null;
  onTextChange: (text: string) => void;
  onChecked: (attempt: PracticeAttempt) => void;
  onRecordInstead: () => void;
}

export function TypedAnswer({ scenarioId, text, notice, onTextChange, onChecked, onRecordInstead }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useKeptBeforeHydration<HTMLTextAreaElement>((element) => {
    if (element.value && !text) onTextChange(element.value);
  });

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) return setError('Write your answer first: it is empty.');
    setBusy(true);
    setError(null);
    try {
      onChecked(await checkTypedAnswer(scenarioId, text));
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void check(event)} className="flex flex-col gap-3" data-testid="typed-answer">
      {notice && (
        <p className="alert alert-warning" role="alert">
          {notice}
        </p>
      )}
      <label htmlFor={`${id}-answer`} className="font-medium">
        Your answer
      </label>
      <textarea
        ref={box}
        id={`${id}-answer`}
        name="answer"
        className="textarea h-48 w-full"
        maxLength={PRACTICE_TEXT_MAX}
        aria-describedby={`${id}-count`}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
      />
      <p id={`${id}-count`} className="text-right text-sm opacity-75">
        {text.length} / {PRACTICE_TEXT_MAX} characters
      </p>
      {error && (
        <p className="text-error" role="alert">
          {error}
        </p>
      )}
      <Actions busy={busy} canRecord={!notice} onRecordInstead={onRecordInstead} />
    </form>
  );
}

function Actions({ busy, canRecord, onRecordInstead }: { busy: boolean; canRecord: boolean; onRecordInstead: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Check my answer
      </button>
      {canRecord && (
        <button type="button" className="btn btn-outline" onClick={onRecordInstead}>
          Record instead
        </button>
      )}
    </div>
  );
}
