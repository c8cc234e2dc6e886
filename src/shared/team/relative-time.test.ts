import { describe, expect, test } from 'vitest';
import { exactTime, relativeTime, shortDate } from './relative-time';

const now = new Date('2026-11-23T12:00:00.000Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('relativeTime', () => {
  test.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [60_000, '1 min ago'],
    [59 * 60_000, '59 min ago'],
    [3 * 3_600_000, '3 h ago'],
    [23.9 * 3_600_000, '23 h ago'],
    [24 * 3_600_000, '1 d ago'],
    [29 * 86_400_000, '29 d ago'],
    [30 * 86_400_000, 'Oct 24'],
    [400 * 86_400_000, 'Oct 19, 2025'],
  ])('%i ms ago reads %j', (ms, text) => {
    expect(relativeTime(before(ms), now)).toBe(text);
  });
});

describe('shortDate and exactTime', () => {
  test('the date without the year in the current year, with it before; the exact time in UTC', () => {
    expect(shortDate('2026-01-05T23:59:00.000Z', now)).toBe('Jan 5');
    expect(shortDate('2025-12-31T10:00:00.000Z', now)).toBe('Dec 31, 2025');
    expect(exactTime('2026-11-23T10:04:59.000Z')).toBe('2026-11-23 10:04 UTC');
  });
});
