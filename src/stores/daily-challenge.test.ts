import { describe, expect, it } from 'vitest';
import { refreshText } from '../islands/DailyChallengeCard';
import { refreshDelayMs } from './daily-challenge';

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
