import { describe, expect, it } from 'vitest';
import { DAY_MS, dayOf } from '~/lib/review/leitner';
import { buildQuestionBank } from '../review/question-bank';
import { foldAnswerStats, foldMemberCards, pruneAnswerStats, teamKnowledge } from './team-knowledge';

const NOW = new Date('2026-11-23T10:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY_MS);
const q = (id: string, lessonId: number) => ({
  id,
  text: `Question ${id}`,
  lessonId,
  explanation: 'e',
  options: [
    { id: 'a', text: 'A', isCorrect: true },
    { id: 'b', text: 'B', isCorrect: false },
  ],
});
const bank = buildQuestionBank(
  [
    {
      review: { owner: 'aaliyah-brooks', lastReviewed: '2026-09-01', reviewBy: '2027-09-01' },
      id: 1,
      title: 'Company',
      description: 'd',
      category: 'Company',
      difficulty: 'beginner',
      questions: [q('q1', 101), q('q2', 101)],
    },
    {
      review: { owner: 'aaliyah-brooks', lastReviewed: '2026-09-01', reviewBy: '2027-09-01' },
      id: 2,
      title: 'Product',
      description: 'd',
      category: 'Product',
      difficulty: 'beginner',
      questions: [q('q1', 201), q('q2', 201)],
    },
  ],
  [
    { id: 1, lessons: [{ id: 101, title: 'About us', type: 'article', duration: 5, order: 1 }] },
    { id: 2, lessons: [{ id: 201, title: 'Features', type: 'article', duration: 5, order: 1 }] },
  ],
);

describe('team knowledge', () => {
  const answer = (questionKey: string, correct: boolean, ago: number) => ({ questionKey, correct, at: daysAgo(ago) });

  it('folds member cards with the same schedule as the user', () => {
    const cards = foldMemberCards({}, [answer('1:q1', true, 10), answer('1:q1', true, 7), answer('1:q2', false, 1)]);
    expect(cards['1:q1']).toEqual([3, dayOf(daysAgo(7)) + 7, dayOf(daysAgo(7))]);
    expect(cards['1:q2']).toEqual([1, dayOf(daysAgo(1)) + 1, dayOf(daysAgo(1))]);
  });

  it('counts answers and misses per question and day, and keeps only the last 30 days', () => {
    const stats = foldAnswerStats({}, [
      answer('1:q1', false, 40),
      answer('1:q1', false, 2),
      answer('1:q1', true, 2),
      answer('2:q1', true, 2),
    ]);
    expect(stats['1:q1']![String(dayOf(daysAgo(2)))]).toEqual([2, 1]);
    const pruned = pruneAnswerStats(stats, NOW);
    expect(Object.keys(pruned['1:q1']!)).toEqual([String(dayOf(daysAgo(2)))]);
  });

  it('topics: average mastery over every member, learners who started; most missed in the last 30 days', () => {
    const ana = foldMemberCards({}, [answer('1:q1', true, 12), answer('1:q1', true, 9), answer('2:q1', false, 3)]);
    const ben = foldMemberCards({}, [answer('2:q1', false, 3), answer('2:q2', false, 40)]);
    const idle = {};
    const stats = foldAnswerStats({}, [
      answer('2:q1', false, 3),
      answer('2:q1', false, 3),
      answer('1:q2', false, 5),
      answer('1:q2', true, 5),
      answer('1:q2', true, 5),
      answer('2:q2', false, 40),
    ]);
    const knowledge = teamKnowledge(bank, [ana, ben, idle], pruneAnswerStats(stats, NOW), NOW);
    expect(knowledge.topics).toEqual([
      // Ana masters 1 of 2 Company questions (50 %), the others 0: average 17.
      { topic: 'Company', averageMastery: 17, started: 1, questions: 2 },
      { topic: 'Product', averageMastery: 0, started: 2, questions: 2 },
    ]);
    expect(
      knowledge.mostMissed.map(({ key, misses, answers, missRate, learners }) => ({ key, misses, answers, missRate, learners })),
    ).toEqual([
      { key: '2:q1', misses: 2, answers: 2, missRate: 100, learners: 2 },
      { key: '1:q2', misses: 1, answers: 3, missRate: 33, learners: 0 },
    ]);
    expect(knowledge.mostMissed[0]!.lesson).toEqual({ title: 'Features', href: '/modules/2/lessons/201' });
  });
});
