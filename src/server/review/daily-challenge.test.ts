import { describe, expect, it } from 'vitest';
import { type Quiz } from '~/server/content/learning';
import { dayOf } from '~/shared/review/days';
import type { Card } from '~/shared/review/memory';
import { challengeWindow } from './window';
import { pickChallengeQuestion } from './daily-challenge';
import { buildQuestionBank } from './question-bank';

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

describe('pickChallengeQuestion (the selection order)', () => {
  const quiz = (id: number, lessonIds: number[]): Quiz => ({
    review: { owner: 'aaliyah-brooks', lastReviewed: '2026-09-01', reviewBy: '2027-09-01' },
    id,
    title: `Quiz ${id}`,
    description: 'd',
    category: 'Company',
    difficulty: 'beginner',
    questions: lessonIds.map((lessonId, n) => ({
      id: `q${n + 1}`,
      text: `Q${n + 1}`,
      lessonId,
      explanation: 'e',
      options: [
        { id: 'a', text: 'A', isCorrect: true },
        { id: 'b', text: 'B', isCorrect: false },
      ],
    })),
  });
  // Module 1 teaches lessons 101-102, module 2 lesson 201; quiz 2 is the newest content.
  const modules = [
    {
      id: 1,
      lessons: [
        { id: 101, title: 'L101', type: 'article' as const, duration: 5, order: 1 },
        { id: 102, title: 'L102', type: 'article' as const, duration: 5, order: 2 },
      ],
    },
    { id: 2, lessons: [{ id: 201, title: 'L201', type: 'article' as const, duration: 5, order: 1 }] },
  ];
  const bank = buildQuestionBank([quiz(2, [201, 101]), quiz(1, [101, 102, 201])], modules);
  const window = challengeWindow(new Date('2026-11-23T12:30:00Z'));
  const today = dayOf(window.startsAt);
  /** A card of this stability, last answered `elapsed` days ago, due in `dueIn` days. */
  const card = (stability: number, elapsed: number, dueIn: number, first = today - 30): Card => ({
    stability,
    difficulty: 5,
    reps: 2,
    lapses: 0,
    last: today - elapsed,
    due: today + dueIn,
    first,
    revision: 1,
  });
  const pick = (
    cards: Record<string, Card>,
    studiedModules: number[] = [],
    userId = 'user-1',
    hold: { from: number; until: number } | null = null,
  ) => pickChallengeQuestion(bank, { cards, studiedModules, userId, window, hold })?.key;
  const allSeen = Object.fromEntries(bank.questions.map((item) => [item.key, card(10, 1, 9)]));

  it.each([
    [
      'the due card with the lowest predicted recall first',
      { '1:q1': card(10, 10, 0), '1:q2': card(5, 10, -5), '2:q1': card(20, 25, -1) },
      [],
      '1:q2',
    ],
    ['a card due today counts as due', { '1:q3': card(10, 10, 0) }, [1, 2], '1:q3'],
    ['ties on recall: bank order', { '2:q1': card(5, 5, 0), '1:q1': card(5, 5, 0) }, [], '1:q1'],
    ['no due card: new from a studied module, newest content first', { '1:q1': card(10, 1, 9) }, [1], '2:q2'],
    ['newest content skips what was seen', { '2:q2': card(10, 1, 9) }, [1], '1:q1'],
    ['a module only counts when studied', { '2:q2': card(10, 1, 9), '1:q1': card(10, 1, 9), '1:q2': card(10, 1, 9) }, [2], '2:q1'],
    ['everything seen, nothing due: the lowest predicted recall', { ...allSeen, '1:q2': card(4, 3, 1) }, [1, 2], '1:q2'],
  ] as const)('%s', (_name, cards, studied, expected) => {
    expect(pick(cards, [...studied])).toBe(expected);
  });

  it('a card restarted by a material change (no recall left) comes first', () => {
    const restarted: Card = { ...card(0, 20, -20), reps: 0, difficulty: 0 };
    expect(pick({ '1:q1': card(5, 10, -5), '2:q2': restarted }, [1])).toBe('2:q2');
  });

  it('at most 5 new questions a day: then the lowest predicted recall instead of new material', () => {
    const newToday = Object.fromEntries(['1:q1', '1:q2', '1:q3', '2:q1'].map((key) => [key, card(3, 0, 3, today)]));
    expect(pick(newToday, [1])).toBe('2:q2');
    expect(pick({ ...newToday, '2:q2': card(3, 0, 3, today), '1:q3': card(2, 1, 1, today) }, [1])).toBe('1:q3');
    const five = { ...newToday, '1:q3': card(3, 0, 3, today), '2:q2': card(2, 1, 1) };
    expect(pick({ ...five, '2:q1': card(3, 0, 3, today) }, [1, 2])).toBe('2:q2');
  });

  it('nothing is due during a vacation hold', () => {
    const cards = { '1:q1': card(5, 10, -5) };
    expect(pick(cards, [1])).toBe('1:q1');
    expect(pick(cards, [1], 'user-1', { from: today - 9, until: today + 3 })).toBe('2:q2');
  });

  it('without a due card or a studied module: a question never seen, drawn per user and window', () => {
    const seen = { '1:q1': card(10, 1, 9) };
    const picks = Array.from({ length: 40 }, (_, n) => pick(seen, [], `user-${n}`));
    expect(picks).not.toContain('1:q1');
    expect(new Set(picks).size).toBeGreaterThanOrEqual(3);
    // Stable: the same user and window give the same question.
    expect(pick(seen, [], 'user-7')).toBe(picks[7]);
    const next = pickChallengeQuestion(bank, {
      cards: seen,
      studiedModules: [],
      userId: 'user-7',
      window: challengeWindow(new Date('2026-11-24T00:00:00Z')),
    });
    expect(next).not.toBeNull();
  });

  it('answers null for an empty bank', () => {
    expect(pickChallengeQuestion({ questions: [] }, { cards: {}, studiedModules: [], userId: 'u', window })).toBeNull();
  });
});
