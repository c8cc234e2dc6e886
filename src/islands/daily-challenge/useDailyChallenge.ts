import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { DailyChallenge } from '~/shared/api/daily-challenge';
import {
  $dailyChallenge,
  readyState,
  selectChallengeConfidence,
  selectChallengeOption,
  startDailyChallenge,
  submitChallengeAnswer,
} from '~/stores/daily-challenge';
import { useKeptBeforeHydration } from '../shared/useKeptBeforeHydration';

/**
 * The card's state from the shared store, fetched and refreshed while the card is shown. The server
 * never writes that store (it would leak between users): until the browser does, it renders from `initial`.
 */
export function useDailyChallenge(initial: DailyChallenge | null) {
  const stored = useStore($dailyChallenge);
  const state = stored.status === 'loading' && initial ? readyState(initial) : stored;
  // An island's props never change: this starts once, on the card's first use (performance.now(): the
  // time since the page, and the challenge in it, were rendered). A layout effect, to run before the
  // adoption below (which is one too).
  useLayoutEffect(() => startDailyChallenge(initial, performance.now()), [initial]);
  // An option and a confidence picked in the server-rendered card before hydration (after the start above).
  const card = useKeptBeforeHydration<HTMLElement>((element) => {
    if (!initial) return;
    const picked = (name: string) => element.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value;
    const option = picked(`challenge-${initial.id}`);
    const confidence = picked(`challenge-confidence-${initial.id}`);
    if (option) selectChallengeOption(option);
    if (confidence === 'sure' || confidence === 'unsure') selectChallengeConfidence(confidence);
  });

  // Submitting replaces the button with the result: focus the result so it is read and focus is not lost.
  // Only after a submit here: a result already there on load (answered earlier) does not steal focus.
  const resultPanel = useRef<HTMLDivElement>(null);
  const submittedHere = useRef(false);
  const hasResult = state.status === 'ready' && state.result !== null;
  useEffect(() => {
    if (hasResult && submittedHere.current) resultPanel.current?.focus();
  }, [hasResult]);

  const submit = () => {
    submittedHere.current = true;
    void submitChallengeAnswer();
  };

  return { state, card, resultPanel, submit };
}
