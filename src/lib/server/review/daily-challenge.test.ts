import { describe, expect, it } from 'vitest';
import { type Quiz } from '~/lib/content/learning';
import { dayOf, type Card } from '~/lib/review/leitner';
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
  const card = (box: number, dueIn: number): Card => ({ box, due: today + dueIn, last: today - 1, reviews: 1, lapses: 0 });
  const pick = (cards: Record<string, Card>, studiedModules: number[] = [], userId = 'user-1') =>
    pickChallengeQuestion(bank, { cards, studiedModules, userId, window })?.key;
  const allSeen = Object.fromEntries(bank.questions.map((item) => [item.key, card(2, 5)]));

  it.each([
    ['the most overdue due card first', { '1:q1': card(1, 0), '1:q2': card(2, -3), '2:q1': card(3, -1) }, [], '1:q2'],
    ['a card due today counts as due', { '1:q3': card(4, 0) }, [1, 2], '1:q3'],
    ['ties on due day: the lower box first', { '1:q2': card(3, -2), '2:q2': card(1, -2) }, [], '2:q2'],
    ['ties on due day and box: bank order', { '2:q1': card(1, -1), '1:q1': card(1, -1) }, [], '1:q1'],
    ['no due card: new from a studied module, newest content first', { '1:q1': card(2, 3) }, [1], '2:q2'],
    ['newest content skips what was seen', { '2:q2': card(2, 3) }, [1], '1:q1'],
    ['a module only counts when studied', { '2:q2': card(2, 3), '1:q1': card(2, 3), '1:q2': card(2, 3) }, [2], '2:q1'],
    ['everything seen, nothing due: the card due soonest', { ...allSeen, '1:q2': card(2, 1) }, [1, 2], '1:q2'],
  ] as const)('%s', (_name, cards, studied, expected) => {
    expect(pick(cards, [...studied])).toBe(expected);
  });

  it('a mastered card is never due', () => {
    expect(pick({ '1:q1': { box: 6, due: today - 30, last: today - 40, reviews: 6, lapses: 0 } }, [1])).not.toBe('1:q1');
  });

  it('without a due card or a studied module: a question never seen, drawn per user and window', () => {
    const seen = { '1:q1': card(2, 3) };
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
