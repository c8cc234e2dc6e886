import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshText } from '~/islands/DailyChallengeCard';
import type { DailyChallenge } from '~/shared/api/daily-challenge';
import {
  $dailyChallenge,
  refreshDelayMs,
  selectChallengeConfidence,
  selectChallengeOption,
  startDailyChallenge,
  submitChallengeAnswer,
} from './daily-challenge';

describe('daily challenge refresh', () => {
  it('fetches again when the window ends, never later than 12 hours', () => {
    expect(refreshDelayMs('0.5')).toBe(30 * 60 * 1000 + 1000);
    expect(refreshDelayMs('12.0')).toBe(12 * 60 * 60 * 1000 + 1000);
    expect(refreshDelayMs('40')).toBe(12 * 60 * 60 * 1000 + 1000);
    expect(refreshDelayMs('0.0')).toBe(12 * 60 * 60 * 1000 + 1000);
    expect(refreshDelayMs('nonsense')).toBe(12 * 60 * 60 * 1000 + 1000);
  });

  it('reads the spec texts', () => {
    expect(refreshText('3.4')).toBe('Next challenge in 3.4 hours');
    expect(refreshText('0.0')).toBe('New challenge every 12 hours');
  });
});

describe('daily challenge start', () => {
  const challenge = (id: string, answered = false): DailyChallenge => ({
    id,
    quizTitle: 'CRE Fundamentals',
    text: 'Which lease?',
    options: [
      { id: 'a', text: 'Gross' },
      { id: 'b', text: 'Net' },
    ],
    nextRefreshHours: '1.0',
    streak: 2,
    answer: answered ? { answerId: 'b', correct: false, correctOptionId: 'a', explanation: 'Because.' } : null,
  });
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    $dailyChallenge.set({ status: 'loading' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts from the rendered challenge without fetching, and fetches a fresh one when the window ends', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(challenge('1:q2')), { status: 200 }));
    const stop = startDailyChallenge(challenge('1:q1', true));
    expect(fetchMock).not.toHaveBeenCalled();
    expect($dailyChallenge.get()).toMatchObject({ status: 'ready', selected: 'b', result: { correct: false, correctOptionId: 'a' } });
    await vi.advanceTimersByTimeAsync(refreshDelayMs('1.0'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/daily-challenge');
    // A fresh challenge resets selection and result.
    expect($dailyChallenge.get()).toMatchObject({ status: 'ready', challenge: { id: '1:q2' }, selected: null, result: null });
    stop();
  });

  it('started on first use, counts the window from when the page was rendered', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(challenge('1:q2')), { status: 200 }));
    const rendered = 20 * 60 * 1000; // the card was first used 20 minutes after the page was rendered
    const stop = startDailyChallenge(challenge('1:q1'), rendered);
    await vi.advanceTimersByTimeAsync(refreshDelayMs('1.0') - rendered - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
  });

  it('started after its window is over, shows the rendered challenge and fetches the fresh one at once', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(challenge('1:q2')), { status: 200 }));
    const stop = startDailyChallenge(challenge('1:q1'), 2 * 60 * 60 * 1000);
    expect($dailyChallenge.get()).toMatchObject({ status: 'ready', challenge: { id: '1:q1' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect($dailyChallenge.get()).toMatchObject({ status: 'ready', challenge: { id: '1:q2' }, selected: null });
    // Then every window as usual.
    await vi.advanceTimersByTimeAsync(refreshDelayMs('1.0'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
  });

  it('without a rendered challenge, fetches at once (spinner first) and shows nothing on failure', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"No daily challenge available"}', { status: 404 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stop = startDailyChallenge();
    expect($dailyChallenge.get()).toEqual({ status: 'loading' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect($dailyChallenge.get()).toMatchObject({ status: 'error', message: 'Failed to fetch challenge' });
    stop();
  });

  it('after an answer, shows the verdict and the streak the server now counts', async () => {
    const verdict = { correct: true, correctOptionId: 'a', explanation: 'Because.' };
    fetchMock
      .mockResolvedValueOnce(new Response(JSON.stringify(verdict), { status: 200 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ ...challenge('1:q1'), streak: 3 }), { status: 200 }));
    const stop = startDailyChallenge(challenge('1:q1'));
    selectChallengeOption('a');
    selectChallengeConfidence('unsure');
    await submitChallengeAnswer();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/daily-challenge/complete', '/api/daily-challenge']);
    expect(JSON.parse(String((fetchMock.mock.calls[0]?.[1] as RequestInit).body))).toEqual({
      questionId: '1:q1',
      answerId: 'a',
      confidence: 'unsure',
    });
    expect($dailyChallenge.get()).toMatchObject({ status: 'ready', result: verdict, challenge: { id: '1:q1', streak: 3 } });
    stop();
  });
});
