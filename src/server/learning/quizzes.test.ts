import { describe, expect, it } from 'vitest';
import { getQuizzes } from '~/server/content/learning';
import { listPublicQuizzes, listQuizSummaries } from './quizzes';

describe('listQuizSummaries (the quizzes list)', () => {
  it('gives every quiz with its question count and nothing of its questions', async () => {
    const [quizzes, summaries] = await Promise.all([getQuizzes(), listQuizSummaries()]);
    expect(summaries.map((summary) => [summary.id, summary.questionCount])).toEqual(
      quizzes.map((quiz) => [quiz.id, quiz.questions.length]),
    );
    for (const summary of summaries)
      expect(Object.keys(summary).sort()).toEqual(['category', 'description', 'difficulty', 'id', 'questionCount', 'title']);
  });

  it('says the same of a quiz as the public quiz does', async () => {
    const [[summary], [quiz]] = await Promise.all([listQuizSummaries(), listPublicQuizzes('a-learner')]);
    const { questions, ...rest } = quiz!;
    expect(summary).toEqual({ ...rest, questionCount: questions.length });
  });
});
