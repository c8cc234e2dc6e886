import { describe, expect, it } from 'vitest';
import { type Quiz } from '~/lib/content/learning';
import { challengeWindow, pickChallengeQuestion } from './daily-challenge';

const at = (iso: string) => new Date(iso);

describe('challengeWindow (12-hour UTC windows)', () => {
  it('starts windows at 00:00 and 12:00 UTC', () => {
    expect(challengeWindow(at('2026-11-23T00:00:00.000Z'))).toMatchObject({
      id: '2026-11-23T00',
      startsAt: at('2026-11-23T00:00:00.000Z'),
      endsAt: at('2026-11-23T12:00:00.000Z'),
      nextRefreshHours: '12.0',
    });
    expect(challengeWindow(at('2026-11-23T12:00:00.000Z'))).toMatchObject({ id: '2026-11-23T12', nextRefreshHours: '12.0' });
  });

  it('keeps the same window up to the last millisecond before the edge', () => {
    const before = challengeWindow(at('2026-11-23T11:59:59.999Z'));
    expect(before.id).toBe('2026-11-23T00');
    expect(before.nextRefreshHours).toBe('0.1');
    const late = challengeWindow(at('2026-11-23T23:59:59.999Z'));
    expect(late.id).toBe('2026-11-23T12');
    expect(late.endsAt).toEqual(at('2026-11-24T00:00:00.000Z'));
    expect(challengeWindow(at('2026-11-24T00:00:00.000Z')).index).toBe(late.index + 1);
  });

  it('gives nextRefreshHours with one decimal, rounded up', () => {
    expect(challengeWindow(at('2026-11-23T00:00:00.001Z')).nextRefreshHours).toBe('12.0');
    expect(challengeWindow(at('2026-11-23T06:00:00.000Z')).nextRefreshHours).toBe('6.0');
    expect(challengeWindow(at('2026-11-23T06:30:00.000Z')).nextRefreshHours).toBe('5.5');
    expect(challengeWindow(at('2026-11-23T18:29:00.000Z')).nextRefreshHours).toBe('5.6');
    expect(challengeWindow(at('2026-11-23T11:54:00.000Z')).nextRefreshHours).toBe('0.1');
    expect(challengeWindow(at('2026-11-23T11:53:59.000Z')).nextRefreshHours).toBe('0.2');
    for (const iso of ['2026-01-01T03:17:00Z', '2026-07-04T14:59:59Z']) {
      expect(challengeWindow(at(iso)).nextRefreshHours).toMatch(/^\d{1,2}\.\d$/);
    }
  });
});

describe('pickChallengeQuestion', () => {
  const quiz = (id: number, count: number): Quiz => ({
    review: { owner: 'aaliyah-brooks', lastReviewed: '2026-09-01', reviewBy: '2027-09-01' },
    id,
    title: `Quiz ${id}`,
    description: 'd',
    category: 'Company',
    difficulty: 'beginner',
    questions: Array.from({ length: count }, (_, n) => ({
      id: `q${n + 1}`,
      text: `Q${n + 1}`,
      lessonId: 101,
      explanation: 'e',
      options: [
        { id: 'a', text: 'A', isCorrect: true },
        { id: 'b', text: 'B', isCorrect: false },
      ],
    })),
  });
  const bank = [quiz(2, 5), quiz(1, 9)];

  it('is deterministic for a window and independent of the bank order', () => {
    expect(pickChallengeQuestion(bank, 41_000)?.id).toBe(pickChallengeQuestion([...bank].reverse(), 41_000)?.id);
  });

  it('differs between consecutive windows and visits every question once per cycle', () => {
    const ids = Array.from({ length: 14 }, (_, i) => pickChallengeQuestion(bank, 1000 + i)?.id);
    expect(new Set(ids).size).toBe(14);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('answers null for an empty bank', () => {
    expect(pickChallengeQuestion([], 5)).toBeNull();
  });
});
