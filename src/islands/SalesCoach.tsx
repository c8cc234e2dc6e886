// The Sales Situations Coach (SPEC §2, §4, §5, §9). Client only: no API call (SPEC §7); the situations
// come in as props from the page (not confidential). Matching rules: src/lib/coach/match.ts.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { matchSituation } from '~/lib/coach/match';
import type { SalesSituation } from '~/schemas/coach';
import CoachResult, { type CoachReason } from './coach/CoachResult';

interface Props {
  /** Every situation in content order (the order also breaks keyword ties). */
  situations: SalesSituation[];
}

interface Shown {
  id: string;
  why: CoachReason;
  playIndex: number;
}

export default function SalesCoach({ situations }: Props) {
  const [request, setRequest] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [status, setStatus] = useState('');
  const pickerHeading = useRef<HTMLHeadingElement>(null);
  // Hydration happens when the browser is idle: keep a situation typed before it.
  const requestBox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const typed = requestBox.current?.value ?? '';
    if (typed) setRequest((current) => current || typed);
  }, []);
  const inputId = useId();
  const hintId = useId();

  const situation = shown ? situations.find((s) => s.id === shown.id) : undefined;
  const blank = request.trim() === '';

  function show(target: SalesSituation, why: CoachReason) {
    setShown({ id: target.id, why, playIndex: 0 });
    const plays = target.plays.length;
    setStatus(`Coaching for ${target.name}${plays > 1 ? `, play 1 of ${plays}` : ''}.`);
  }

  function choose(target: SalesSituation) {
    setRequest('');
    show(target, { reason: 'chosen' });
  }

  function getCoaching(event?: SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    const match = matchSituation(request, situations);
    if (!match) return; // blank request: nothing happens (SPEC §5)
    const target = situations.find((s) => s.id === match.situationId) ?? situations[0];
    if (target) show(target, match);
  }

  function onRequestKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      getCoaching();
    }
  }

  function pickPlay(index: number) {
    if (!shown || !situation) return;
    setShown({ ...shown, playIndex: index });
    setStatus(`Play ${index + 1} of ${situation.plays.length} selected.`);
  }

  function startOver() {
    setShown(null);
    setRequest('');
    setStatus('Coaching cleared. Choose a situation or describe one.');
    pickerHeading.current?.focus();
  }

  return (
    <div className="space-y-8" data-testid="sales-coach">
      <section aria-labelledby="coach-picker-title">
        <h2 id="coach-picker-title" ref={pickerHeading} tabIndex={-1} className="mb-3 text-lg font-semibold">
          Choose a situation
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {situations.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                aria-pressed={shown?.id === s.id}
                onClick={() => choose(s)}
                className={`btn h-full min-h-14 w-full justify-start text-left ${shown?.id === s.id ? 'btn-primary' : 'btn-outline'}`}
              >
                <span aria-hidden="true" className="text-xl">
                  {s.emoji}
                </span>
                {s.name}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="coach-request-title">
        <h2 id="coach-request-title" className="mb-3 text-lg font-semibold">
          Or describe what is happening
        </h2>
        <form onSubmit={getCoaching} className="space-y-3">
          <label htmlFor={inputId} className="block font-medium">
            Your sales situation
          </label>
          <textarea
            ref={requestBox}
            id={inputId}
            aria-describedby={hintId}
            className="textarea w-full"
            rows={3}
            value={request}
            onChange={(e) => setRequest(e.target.value)}
            onKeyDown={onRequestKey}
            placeholder="e.g. The prospect says the budget is already spent for this year"
          />
          <p id={hintId} className="text-sm opacity-80">
            Press Enter or the button to get coaching; Shift+Enter adds a new line.
          </p>
          <button type="submit" className="btn btn-primary" disabled={blank}>
            Get Expert Coaching
          </button>
        </form>
      </section>

      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="coach-status">
        {status}
      </p>
      {shown && situation && (
        <CoachResult situation={situation} why={shown.why} playIndex={shown.playIndex} onPickPlay={pickPlay} onStartOver={startOver} />
      )}
    </div>
  );
}
