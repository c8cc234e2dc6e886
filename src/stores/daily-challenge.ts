// The Daily Challenge card's state (docs/product.md "Daily challenge"): loading, nothing on failure or
// no data, answering (an option, and optionally "Sure" / "Not sure"), submitted. Selection and result reset
// whenever a fresh challenge is fetched; the challenge is fetched again when its 12-hour window ends, then
// every 12 hours.
import { atom } from 'nanostores';
import { apiRequest, ApiError } from '~/stores/api-client';
import type { ChallengeVerdict, CompleteChallengeRequest, DailyChallenge } from '~/shared/api/daily-challenge';
import type { ConfidenceChoice } from '~/shared/api/review';
import { showToast } from '~/shared/toast';

const REFRESH_HOURS = 12;

export type ChallengeState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      challenge: DailyChallenge;
      selected: string | null;
      /** "Sure" / "Not sure", or null when not chosen (it is optional). */
      confidence: ConfidenceChoice | null;
      submitting: boolean;
      result: ChallengeVerdict | null;
    };

export const $dailyChallenge = atom<ChallengeState>({ status: 'loading' });

/** Milliseconds until the next fetch: the end of the current window (at most 12 hours). */
export function refreshDelayMs(nextRefreshHours: string): number {
  const hours = Number(nextRefreshHours);
  const bounded = Number.isFinite(hours) && hours > 0 ? Math.min(hours, REFRESH_HOURS) : REFRESH_HOURS;
  return Math.round(bounded * 60 * 60 * 1000) + 1000;
}

/** A freshly fetched challenge: nothing selected unless the user already answered in this window. */
export function readyState(challenge: DailyChallenge): ChallengeState {
  return {
    status: 'ready',
    challenge,
    selected: challenge.answer?.answerId ?? null,
    confidence: null,
    submitting: false,
    result: challenge.answer
      ? { correct: challenge.answer.correct, correctOptionId: challenge.answer.correctOptionId, explanation: challenge.answer.explanation }
      : null,
  };
}

async function fetchDailyChallenge(): Promise<void> {
  try {
    $dailyChallenge.set(readyState(await apiRequest<DailyChallenge>('GET', '/api/daily-challenge')));
  } catch (error) {
    console.error('Failed to fetch challenge', error);
    $dailyChallenge.set({ status: 'error', message: 'Failed to fetch challenge' });
  }
}

export function selectChallengeOption(optionId: string): void {
  const state = $dailyChallenge.get();
  if (state.status !== 'ready' || state.result || state.submitting) return;
  $dailyChallenge.set({ ...state, selected: optionId });
}

export function selectChallengeConfidence(confidence: ConfidenceChoice): void {
  const state = $dailyChallenge.get();
  if (state.status !== 'ready' || state.result || state.submitting) return;
  $dailyChallenge.set({ ...state, confidence });
}

export async function submitChallengeAnswer(): Promise<void> {
  const state = $dailyChallenge.get();
  if (state.status !== 'ready' || state.result || state.submitting || state.selected === null) return;
  $dailyChallenge.set({ ...state, submitting: true });
  try {
    const body: CompleteChallengeRequest = {
      questionId: state.challenge.id,
      answerId: state.selected,
      ...(state.confidence ? { confidence: state.confidence } : {}),
    };
    const result = await apiRequest<ChallengeVerdict>('POST', '/api/daily-challenge/complete', body);
    const current = $dailyChallenge.get();
    if (current.status === 'ready' && current.challenge.id === state.challenge.id) {
      $dailyChallenge.set({ ...current, submitting: false, result });
      void refreshStreak(state.challenge.id);
    }
  } catch (error) {
    const current = $dailyChallenge.get();
    if (current.status === 'ready') $dailyChallenge.set({ ...current, submitting: false });
    const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);
    showToast({ title: 'Error', description: message, variant: 'destructive' });
    // The window may have turned over: a fresh challenge resets the card.
    if (error instanceof ApiError && error.status === 400) await fetchDailyChallenge();
  }
}

/** The streak after an answer (the server knows whether today already counted); a failure keeps the old one. */
async function refreshStreak(challengeId: string): Promise<void> {
  try {
    const fresh = await apiRequest<DailyChallenge>('GET', '/api/daily-challenge');
    const current = $dailyChallenge.get();
    if (current.status === 'ready' && current.challenge.id === challengeId && fresh.id === challengeId) {
      $dailyChallenge.set({ ...current, challenge: { ...current.challenge, streak: fresh.streak } });
    }
  } catch {
    // The streak shown stays as it was until the next refresh.
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Fetches at each window's end; returns the cleanup. With the challenge the page was rendered with
 * (`initial`) it starts from that instead of fetching now: no spinner, no layout shift, one request less.
 * The card starts on first use, maybe long after the page was rendered (`renderedMsAgo`): its window is
 * counted from the rendering, and a window already over fetches the fresh challenge at once.
 */
export function startDailyChallenge(initial: DailyChallenge | null = null, renderedMsAgo = 0): () => void {
  let stopped = false;
  const schedule = () => {
    const state = $dailyChallenge.get();
    const delay = state.status === 'ready' ? refreshDelayMs(state.challenge.nextRefreshHours) : REFRESH_HOURS * 60 * 60 * 1000;
    timer = setTimeout(() => void cycle(), delay);
  };
  const cycle = async () => {
    await fetchDailyChallenge();
    if (!stopped) schedule();
  };
  if (initial) {
    $dailyChallenge.set(readyState(initial));
    const left = refreshDelayMs(initial.nextRefreshHours) - renderedMsAgo;
    if (left > 0) timer = setTimeout(() => void cycle(), left);
    else void cycle();
  } else void cycle();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
