// After "Check my answer" (loaded on first use): the feedback per rubric item, the self-check, and what next:
// "Send for review" (then the attempt's page), "Keep practising" (a fresh answer; this one stays a draft) or
// "Delete" the draft.
import { useEffect, useRef, useState } from 'react';
import type { PracticeAttempt } from '~/shared/api/practice';
import type { ScenarioView } from '~/shared/practice/view';
import { attemptPage, deleteAttempt, messageOf, sendForReview } from '~/stores/practice';
import { FeedbackList } from './FeedbackList';
import { SelfCheck } from './SelfCheck';

interface Props {
  scenario: ScenarioView;
  attempt: PracticeAttempt;
  onStartOver: () => void;
}

export default function CheckedAnswer({ scenario, attempt, onStartOver }: Props) {
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState<'send' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown in place of the answer box: keyboard and screen reader users land on the feedback.
  useEffect(() => heading.current?.focus(), []);

  async function run(action: 'send' | 'delete') {
    setBusy(action);
    setError(null);
    try {
      if (action === 'send') {
        const selfCheck = Object.fromEntries(scenario.rubric.map((item) => [item.id, ticked[item.id] === true]));
        await sendForReview(attempt.id, selfCheck);
        window.location.assign(attemptPage(attempt.id));
        return;
      }
      await deleteAttempt(attempt.id);
      onStartOver();
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(null);
    }
  }

  return (
    <section className="flex flex-col gap-4" aria-labelledby="practice-feedback-heading">
      <h2 id="practice-feedback-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        Your feedback
      </h2>
      <FeedbackList rubric={scenario.rubric} feedback={attempt.feedback} />
      <SelfCheck rubric={scenario.rubric} ticked={ticked} onChange={(itemId, value) => setTicked({ ...ticked, [itemId]: value })} />
      {error && (
        <p className="text-error" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void run('send')}>
          {busy === 'send' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Send for review
        </button>
        <button type="button" className="btn btn-outline" disabled={busy !== null} onClick={onStartOver}>
          Keep practising
        </button>
        <button type="button" className="btn btn-ghost text-error" disabled={busy !== null} onClick={() => void run('delete')}>
          Delete
        </button>
      </div>
    </section>
  );
}
