import { describe, expect, it } from 'vitest';
import { challengeStreak } from './streak';

const T = 20_000;
const days = (...offsets: number[]) => offsets.map((offset) => T - offset);

describe('challenge streak', () => {
  it.each([
    ['no answers', [], 0],
    ['today only', days(0), 1],
    ['yesterday only: today is still open', days(1), 1],
    ['five days in a row', days(0, 1, 2, 3, 4), 5],
    ['one day off is a grace day', days(0, 1, 3, 4), 4],
    ['today open and yesterday off: the grace day', days(2, 3), 2],
    ['two days off in a row end it', days(0, 3, 4), 1],
    ['two single days off within a week end it at the second', days(0, 2, 3, 5, 6), 3],
    ['two single days off a week apart are both forgiven', days(0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 16, 17), 16],
    ['a long break long ago does not count', days(0, 1, 30, 31, 32), 2],
  ] as const)('%s', (_name, answered, expected) => {
    expect(challengeStreak(answered, T)).toBe(expected);
  });
});

describe('challenge streak over a vacation hold', () => {
  it('neither breaks nor counts on the days of the hold', () => {
    const hold = { from: T - 12, until: T - 3 };
    expect(challengeStreak(days(0, 1, 2, 13, 14), T, hold)).toBe(5);
    expect(challengeStreak(days(0, 1, 2, 13, 14), T, null)).toBe(3);
    expect(challengeStreak(days(13, 14), T - 5, { from: T - 12, until: T - 3 })).toBe(2);
  });
});
