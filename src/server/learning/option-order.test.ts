// Option order per question and user: fixed for one user, different between users and questions, and
// spread so no position holds the keys; the daily challenge and the quizzes use the same order.
import { describe, expect, it } from 'vitest';
import { getQuizzes } from '~/server/content/learning';
import { orderOptions, questionKey } from './option-order';

const options = ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `Option ${id}` }));

describe('orderOptions', () => {
  it('is a permutation of the options, the same every time for one user and question', () => {
    const first = orderOptions('user-1', '3:q1', options);
    expect(first.map((option) => option.id).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(orderOptions('user-1', '3:q1', options)).toEqual(first);
    expect(orderOptions('user-1', '3:q1', [...options].reverse())).toEqual(first);
    expect(options.map((option) => option.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('differs between users and between questions', () => {
    const users = Array.from({ length: 12 }, (_, index) =>
      orderOptions(`user-${index}`, '3:q1', options)
        .map((option) => option.id)
        .join(''),
    );
    expect(new Set(users).size).toBeGreaterThan(6);
    const questions = Array.from({ length: 12 }, (_, index) =>
      orderOptions('user-1', `3:q${index}`, options)
        .map((option) => option.id)
        .join(''),
    );
    expect(new Set(questions).size).toBeGreaterThan(6);
  });

  it('spreads the keys of the real bank over the positions for every user (none above 35%)', async () => {
    const bank = (await getQuizzes()).flatMap((quiz) =>
      quiz.questions.map((question) => ({ key: questionKey(quiz.id, question.id), question })),
    );
    for (const user of ['alex', 'avery', 'jordan', 'sam', 'user-42']) {
      const positions = new Map<number, number>();
      for (const { key, question } of bank) {
        const position = orderOptions(user, key, question.options).findIndex((option) => option.isCorrect);
        positions.set(position, (positions.get(position) ?? 0) + 1);
      }
      expect(Math.max(...positions.values()) / bank.length, user).toBeLessThanOrEqual(0.35);
    }
  });
});
