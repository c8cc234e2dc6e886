// The calendar feed's review days: today's count as the digest gives it, then the cards falling due on each
// later day, at most twenty a day with the rest carried to the next, a vacation hold pushing them after it.
import { describe, expect, it } from 'vitest';
import { testQuiz } from '~/server/content/quiz.fixtures';
import { dayOf, isoDay } from '~/shared/review/days';
import type { Card } from '~/shared/review/memory';
import { buildQuestionBank } from './question-bank';
import { reviewsDueByDay } from './review';
import type { ReviewState } from './review-state';

const NOW = new Date('2027-01-12T09:00:00.000Z');
const today = dayOf(NOW);
const QUESTIONS = 40;
const quiz = testQuiz({
  id: 1,
  questions: Array.from({ length: QUESTIONS }, (_, n) => ({
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
const bank = buildQuestionBank([quiz], [{ id: 1, lessons: [{ id: 101, title: 'L101', type: 'article', duration: 5, order: 1 }] }]);

const card = (dueIn: number): Card => ({
  stability: 5,
  difficulty: 5,
  reps: 2,
  lapses: 0,
  last: today - 5,
  due: today + dueIn,
  first: today - 30,
  revision: 1,
});

/** Cards of q1… due in the given days; today's challenge (q40) answered already, so nothing is held back. */
function stateWith(dueIn: number[], hold: ReviewState['hold'] = null): ReviewState {
  const cards = Object.fromEntries(dueIn.map((days, n) => [`1:q${n + 1}`, card(days)]));
  cards['1:q40'] = card(30);
  const answer = {
    id: 'a1',
    quizId: 1,
    questionId: 'q40',
    optionId: 'a',
    correct: true,
    source: 'challenge' as const,
    at: NOW,
    confidence: null,
    revision: 1,
    materialRevision: 1,
  };
  return {
    windowStart: new Date('2027-01-12T00:00:00.000Z'),
    cardsAtWindowStart: cards,
    cards,
    studiedModules: [1],
    challengeDays: [],
    windowAnswers: [answer],
    recentAnswers: [answer],
    challengeAnswer: answer,
    hold,
    reviewsToday: 0,
    timeZone: null,
    workingDays: [1, 2, 3, 4, 5],
  };
}

const days = (state: ReviewState, count = 14) => reviewsDueByDay('user-1', state, NOW, count, bank);
const on = (offset: number) => isoDay(today + offset);

describe('the review days of the calendar feed', () => {
  it('counts today’s due cards and each later day’s, leaving out days with none and days beyond the horizon', async () => {
    expect(await days(stateWith([-3, 0, 0, 2, 2, 2, 5, 20]))).toEqual([
      { date: on(0), count: 3 },
      { date: on(2), count: 3 },
      { date: on(5), count: 1 },
    ]);
  });

  it('takes at most twenty a day and carries the rest to the next days', async () => {
    const backlog = Array.from({ length: 27 }, () => -1);
    expect(await days(stateWith([...backlog, 1, 1]))).toEqual([
      { date: on(0), count: 20 },
      { date: on(1), count: 9 },
    ]);
  });

  it('has nothing during a vacation hold: the cards come after it', async () => {
    const hold = { from: today - 2, until: today + 3 };
    const result = await days(stateWith([-1, 0, 2], hold));
    expect(result.map((day) => day.date)).not.toContain(on(0));
    expect(result[0]!.date > on(3)).toBe(true);
    expect(result.reduce((sum, day) => sum + day.count, 0)).toBe(3);
  });

  it('is empty without cards', async () => {
    expect(await days(stateWith([]))).toEqual([]);
  });
});
