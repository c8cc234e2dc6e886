// The home page Daily Challenge card (SPEC §2, §4 Daily challenge, §5, §9). State and actions live in
// src/stores/daily-challenge.ts; the correct option is only known after answering.
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { DailyChallenge } from '~/lib/api/daily-challenge';
import { $dailyChallenge, readyState, selectChallengeOption, startDailyChallenge, submitChallengeAnswer } from '~/stores/daily-challenge';
import { CheckIcon } from './CheckIcon';

export function refreshText(nextRefreshHours: string): string {
  return nextRefreshHours === '0.0' || !Number.isFinite(Number(nextRefreshHours))
    ? 'New challenge every 12 hours'
    : `Next challenge in ${nextRefreshHours} hours`;
}

interface Props {
  /** The challenge the page was rendered with (null: fetch it in the browser, with the spinner). */
  initial?: DailyChallenge | null;
}

export default function DailyChallengeCard({ initial = null }: Props) {
  const stored = useStore($dailyChallenge);
  // The server never writes the shared store (it would leak between users): it renders from `initial`.
  const state = stored.status === 'loading' && initial ? readyState(initial) : stored;
  useEffect(() => startDailyChallenge(initial), []);
  // Submitting replaces the button with the result: focus the result so it is read and focus is not lost.
  const resultPanel = useRef<HTMLDivElement>(null);
  const submittedHere = useRef(false);
  const hasResult = state.status === 'ready' && state.result !== null;
  useEffect(() => {
    if (hasResult && submittedHere.current) resultPanel.current?.focus();
  }, [hasResult]);

  if (state.status === 'loading') {
    return (
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body items-center py-10">
          <span className="loading loading-spinner loading-md text-primary" role="status" aria-label="Loading daily challenge" />
        </div>
      </div>
    );
  }
  if (state.status === 'error') return null;

  const { challenge, selected, submitting, result } = state;
  const locked = result !== null || submitting;
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="daily-challenge-heading" data-testid="daily-challenge">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="daily-challenge-heading" className="card-title">
            Daily Challenge
          </h2>
          <span className="badge badge-ghost">{challenge.quizTitle}</span>
        </div>
        <fieldset className="flex flex-col gap-2" disabled={locked}>
          <legend className="mb-3 font-medium">{challenge.text}</legend>
          {challenge.options.map((option) => {
            const isCorrect = result?.correctOptionId === option.id;
            const isWrongPick = result !== null && selected === option.id && !isCorrect;
            const tone = isCorrect
              ? 'border-success bg-success/15'
              : isWrongPick
                ? 'border-error bg-error/10'
                : selected === option.id
                  ? 'border-primary bg-primary/10'
                  : 'border-base-300 hover:bg-base-200';
            return (
              <label
                key={option.id}
                className={`flex items-center gap-3 rounded-box border p-3 ${locked ? '' : 'cursor-pointer'} ${tone}`}
                data-correct={isCorrect ? 'true' : undefined}
              >
                <input
                  type="radio"
                  className="radio radio-primary radio-sm"
                  name={`challenge-${challenge.id}`}
                  value={option.id}
                  checked={selected === option.id}
                  onChange={() => selectChallengeOption(option.id)}
                />
                <span className="flex-1">{option.text}</span>
                {isCorrect && <CheckIcon className="size-4 text-success" />}
              </label>
            );
          })}
        </fieldset>
        {result ? (
          <div
            ref={resultPanel}
            tabIndex={-1}
            className={`alert ${result.correct ? 'alert-success' : 'alert-warning'} items-start`}
            role="status"
          >
            <div>
              <p className="font-semibold">{result.correct ? 'Correct!' : 'Not quite right.'}</p>
              <p className="text-sm">{result.explanation}</p>
            </div>
          </div>
        ) : (
          <div>
            <button
              type="button"
              className="btn btn-primary"
              disabled={selected === null || submitting}
              onClick={() => {
                submittedHere.current = true;
                void submitChallengeAnswer();
              }}
            >
              {submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Submit Answer
            </button>
          </div>
        )}
        <p className="text-sm opacity-75">{refreshText(challenge.nextRefreshHours)}</p>
      </div>
    </section>
  );
}
