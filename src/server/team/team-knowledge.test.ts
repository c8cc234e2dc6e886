import { describe, expect, it } from 'vitest';
import { DAY_MS, dayOf } from '~/shared/review/days';
import { applyAnswer } from '~/shared/review/memory';
import { buildQuestionBank } from '../review/question-bank';
import { readCard } from '~/server/review/cards';
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
  const answer = (questionKey: string, correct: boolean, ago: number, confidence: 'sure' | 'unsure' | null = null) => ({
    questionKey,
    correct,
    confidence,
    revision: 1,
    at: daysAgo(ago),
  });
  /** Right answers on each of these days ago: a card strong enough for mastery. */
  const strong = (questionKey: string) => [120, 80, 68, 65, 64].map((ago) => answer(questionKey, true, ago));

  it('folds member cards with the same memory model as the user', () => {
    const history = [answer('1:q1', true, 10), answer('1:q1', true, 7, 'unsure'), answer('1:q2', false, 1)];
    const cards = foldMemberCards({}, history);
    const own = history
      .slice(0, 2)
      .reduce<ReturnType<typeof applyAnswer> | null>((card, item) => applyAnswer(card, { ...item, at: item.at.getTime() }), null);
    expect(readCard(cards['1:q1']!)).toEqual(own);
    expect(readCard(cards['1:q2']!)).toMatchObject({ reps: 1, last: dayOf(daysAgo(1)), due: dayOf(daysAgo(1)) + 1 });
  });

  it('counts answers and misses per question and day, and keeps only the last 30 days', () => {
    const stats = foldAnswerStats({}, [
      answer('1:q1', false, 40),
      answer('1:q1', false, 2, 'sure'),
      answer('1:q1', false, 2, 'unsure'),
      answer('1:q1', true, 2, 'sure'),
      answer('2:q1', true, 2),
    ]);
    expect(stats['1:q1']![String(dayOf(daysAgo(2)))]).toEqual([3, 2, 1]);
    const pruned = pruneAnswerStats(stats, NOW);
    expect(Object.keys(pruned['1:q1']!)).toEqual([String(dayOf(daysAgo(2)))]);
  });

  it('topics: average mastery over every member, recall over those who started; most missed and confidently wrong in the last 30 days', () => {
    const ana = foldMemberCards({}, [...strong('1:q1'), answer('2:q1', false, 3)]);
    const ben = foldMemberCards({}, [answer('2:q1', false, 3, 'sure'), answer('2:q2', false, 40)]);
    const idle = {};
    const stats = foldAnswerStats({}, [
      answer('2:q1', false, 3),
      answer('2:q1', false, 3, 'sure'),
      answer('1:q2', false, 5, 'sure'),
      answer('1:q2', true, 5),
      answer('1:q2', true, 5),
      answer('2:q2', false, 40),
    ]);
    const knowledge = teamKnowledge(bank, [ana, ben, idle], pruneAnswerStats(stats, NOW), NOW);
    // Ana masters 1 of 2 Company questions (50 %), the others 0: average 17. Her recall of it is above 90 %.
    expect(knowledge.topics[0]).toMatchObject({ topic: 'Company', averageMastery: 17, started: 1, questions: 2 });
    expect(knowledge.topics[0]!.averageRecall).toBeGreaterThan(90);
    expect(knowledge.topics[1]).toMatchObject({ topic: 'Product', averageMastery: 0, started: 2, questions: 2 });
    expect(knowledge.topics[1]!.averageRecall).toBeLessThan(80);
    expect(
      knowledge.mostMissed.map(({ key, misses, answers, missRate, confidentlyWrong, learners }) => ({
        key,
        misses,
        answers,
        missRate,
        confidentlyWrong,
        learners,
      })),
    ).toEqual([
      { key: '2:q1', misses: 2, answers: 2, missRate: 100, confidentlyWrong: 1, learners: 2 },
      { key: '1:q2', misses: 1, answers: 3, missRate: 33, confidentlyWrong: 1, learners: 0 },
    ]);
    expect(knowledge.mostMissed[0]!.lesson).toEqual({ title: 'Features', href: '/modules/2/lessons/201' });
    // The same two, the higher share of confident misses first.
    expect(knowledge.confidentlyWrong.map((item) => item.key)).toEqual(['2:q1', '1:q2']);
  });

  it('a material change to a question starts every member’s card afresh', () => {
    const ana = foldMemberCards({}, strong('1:q1'));
    const changed = { ...bank, materialRevisions: new Map([['1:q1', 2]]) };
    expect(teamKnowledge(bank, [ana], {}, NOW).topics[0]).toMatchObject({ averageMastery: 50 });
    expect(teamKnowledge(changed, [ana], {}, NOW).topics[0]).toMatchObject({ averageMastery: 0, averageRecall: 0, started: 1 });
  });
});
