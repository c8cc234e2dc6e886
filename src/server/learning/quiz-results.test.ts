import { describe, expect, it } from 'vitest';
import { HttpError } from '~/server/errors';
import { testQuiz } from '~/server/content/quiz.fixtures';
import { gradeQuiz, latestResultByQuiz } from './quiz-results';
import { orderOptions } from './option-order';
import { toPublicQuiz } from './quizzes';

const option = (id: string, isCorrect = false) => ({ id, text: `Option ${id}`, isCorrect });
const question = (id: string, correct: string) => ({
  id,
  text: `Question ${id}?`,
  lessonId: 101,
  explanation: `Because ${correct}.`,
  options: ['a', 'b', 'c'].map((o) => option(o, o === correct)),
});

const quiz = testQuiz({ id: 7, title: 'Test quiz', questions: [question('q1', 'a'), question('q2', 'b'), question('q3', 'c')] });

describe('gradeQuiz', () => {
  it('rounds the percent of correct answers over all questions', () => {
    const graded = gradeQuiz(quiz, [
      { questionId: 'q1', selectedOptionId: 'a' },
      { questionId: 'q2', selectedOptionId: 'b' },
      { questionId: 'q3', selectedOptionId: 'a' },
    ]);
    expect(graded).toMatchObject({ score: 67, correctAnswers: 2, totalQuestions: 3 });
    expect(gradeQuiz(quiz, [{ questionId: 'q1', selectedOptionId: 'a' }]).score).toBe(33);
  });

  it('counts unanswered questions as wrong, omitted or null', () => {
    const graded = gradeQuiz(quiz, [
      { questionId: 'q1', selectedOptionId: 'a' },
      { questionId: 'q2', selectedOptionId: null },
    ]);
    expect(graded.score).toBe(33);
    expect(graded.answers).toEqual([
      { questionId: 'q1', selectedOptionId: 'a', isCorrect: true, revision: 1 },
      { questionId: 'q2', selectedOptionId: null, isCorrect: false, revision: 1 },
      { questionId: 'q3', selectedOptionId: null, isCorrect: false, revision: 1 },
    ]);
    // A result keeps the revision each question was answered on.
    const revised = {
      questions: quiz.questions.map((question, index) =>
        index === 0 ? { ...question, revision: 3, change: 'typo' as const, changeNote: 'n' } : question,
      ),
    };
    expect(gradeQuiz(revised, []).answers[0]?.revision).toBe(3);
    expect(gradeQuiz(quiz, []).score).toBe(0);
  });

  it('ignores what the client claims: only the ids are read', () => {
    const forged = [{ questionId: 'q1', selectedOptionId: 'b', isCorrect: true, score: 100 }];
    const graded = gradeQuiz(quiz, forged);
    expect(graded.score).toBe(0);
    expect(graded.answers[0]?.isCorrect).toBe(false);
  });

  it('answers 100 for all correct, with the review of every question', () => {
    const graded = gradeQuiz(quiz, [
      { questionId: 'q3', selectedOptionId: 'c' },
      { questionId: 'q1', selectedOptionId: 'a' },
      { questionId: 'q2', selectedOptionId: 'b' },
    ]);
    expect(graded.score).toBe(100);
    expect(graded.review).toEqual([
      { questionId: 'q1', correctOptionId: 'a', explanation: 'Because a.' },
      { questionId: 'q2', correctOptionId: 'b', explanation: 'Because b.' },
      { questionId: 'q3', correctOptionId: 'c', explanation: 'Because c.' },
    ]);
  });

  it('gives the key and explanation of answered questions only (wrong ones included), never of a blank one', () => {
    const graded = gradeQuiz(quiz, [
      { questionId: 'q1', selectedOptionId: 'b' },
      { questionId: 'q2', selectedOptionId: null },
    ]);
    expect(graded.review).toEqual([
      { questionId: 'q1', correctOptionId: 'a', explanation: 'Because a.' },
      { questionId: 'q2', correctOptionId: null, explanation: null },
      { questionId: 'q3', correctOptionId: null, explanation: null },
    ]);
    expect(gradeQuiz(quiz, []).review.every((item) => item.correctOptionId === null && item.explanation === null)).toBe(true);
  });

  it('rejects unknown questions, unknown options and repeated questions with a 400', () => {
    const expect400 = (fn: () => unknown, text: RegExp) => {
      try {
        fn();
        expect.unreachable('no error');
      } catch (error) {
        expect(error).toBeInstanceOf(HttpError);
        expect((error as HttpError).status).toBe(400);
        expect((error as HttpError).message).toMatch(text);
      }
    };
    expect400(() => gradeQuiz(quiz, [{ questionId: 'nope', selectedOptionId: 'a' }]), /questionId/);
    expect400(() => gradeQuiz(quiz, [{ questionId: 'q1', selectedOptionId: 'z' }]), /selectedOptionId/);
    expect400(
      () =>
        gradeQuiz(quiz, [
          { questionId: 'q1', selectedOptionId: 'a' },
          { questionId: 'q1', selectedOptionId: 'b' },
        ]),
      /twice/,
    );
  });
});

describe('toPublicQuiz', () => {
  it('carries no answer key and no explanation', () => {
    const text = JSON.stringify(toPublicQuiz(quiz, 'user-1'));
    expect(text).not.toMatch(/isCorrect|explanation|Because/);
  });

  it("shows every option once, in the user's own order for each question", () => {
    for (const userId of ['user-1', 'user-2']) {
      const shown = toPublicQuiz(quiz, userId).questions;
      quiz.questions.forEach((question, index) => {
        const expected = orderOptions(userId, `7:${question.id}`, question.options).map(({ id, text }) => ({ id, text }));
        expect(shown[index]?.options).toEqual(expected);
        expect(shown[index]?.options.map((o) => o.id).sort()).toEqual(['a', 'b', 'c']);
      });
    }
  });
});

describe('latestResultByQuiz', () => {
  it('keeps the latest result per quiz by completedAt', () => {
    const result = (id: string, quizId: number, completedAt: string, score: number) => ({
      id,
      quizId,
      score,
      correctAnswers: 0,
      totalQuestions: 3,
      answers: [],
      completedAt,
    });
    const latest = latestResultByQuiz([
      result('r2', 1, '2026-11-20T10:00:00.000Z', 100),
      result('r1', 1, '2026-11-21T10:00:00.000Z', 40),
      result('r3', 2, '2026-11-19T10:00:00.000Z', 70),
    ]);
    expect(latest.get(1)?.score).toBe(40);
    expect(latest.get(2)?.score).toBe(70);
  });
});
