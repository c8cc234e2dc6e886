// Options are shown in an order fixed per question and user (services/option-order.ts) wherever quiz
// questions are served — GET /api/quizzes and the daily challenge — and graded by option id.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dailyChallengeSchema } from '~/shared/api/daily-challenge';
import { publicQuizSchema, submitQuizResponseSchema } from '~/shared/api/quizzes';
import { orderOptions } from '~/server/learning/option-order';
import { expectJson, signUp, useTestApp } from './harness';

const t = useTestApp();

interface AuthoredQuiz {
  id: number;
  questions: Array<{ id: string; options: Array<{ id: string; text: string; isCorrect: boolean }> }>;
}
const QUIZZES = join(import.meta.dirname, '..', '..', 'content', 'quizzes');
const authored: AuthoredQuiz[] = readdirSync(QUIZZES).map((name) => parse(readFileSync(join(QUIZZES, name), 'utf8')) as AuthoredQuiz);

const ids = (options: Array<{ id: string }>) => options.map((option) => option.id).join('');

describe('option order', () => {
  it("serves every question's options in the user's own order: stable for the user, different between users", async () => {
    const [first, second] = [await signUp(t.app), await signUp(t.app)];
    const a = await expectJson(await first.client.get('/api/quizzes'), 200, publicQuizSchema.array());
    expect(await expectJson(await first.client.get('/api/quizzes'), 200, publicQuizSchema.array())).toEqual(a);
    const b = await expectJson(await second.client.get('/api/quizzes'), 200, publicQuizSchema.array());
    let differing = 0;
    for (const quiz of authored) {
      for (const question of quiz.questions) {
        const shown = (list: typeof a) =>
          list.find((item) => item.id === quiz.id)!.questions.find((item) => item.id === question.id)!.options;
        expect(ids(shown(a))).toBe(ids(orderOptions(first.user.id, `${quiz.id}:${question.id}`, question.options)));
        if (ids(shown(a)) !== ids(shown(b))) differing += 1;
      }
    }
    expect(differing).toBeGreaterThan(authored.length);
  });

  it('grades by option id whatever the order shown', async () => {
    const { client } = await signUp(t.app);
    const quiz = (await expectJson(await client.get('/api/quizzes'), 200, publicQuizSchema.array()))[0]!;
    const key = authored.find((item) => item.id === quiz.id)!;
    const answers = quiz.questions.map((question) => ({
      questionId: question.id,
      selectedOptionId: key.questions.find((item) => item.id === question.id)!.options.find((option) => option.isCorrect)!.id,
    }));
    const result = await expectJson(await client.post('/api/quiz-results', { quizId: quiz.id, answers }), 201, submitQuizResponseSchema);
    expect(result.score).toBe(100);
  });

  it("shows the daily challenge's options in the same per-user order as its quiz question", async () => {
    const { client, user } = await signUp(t.app);
    const challenge = await expectJson(await client.get('/api/daily-challenge'), 200, dailyChallengeSchema);
    const [quizId, questionId] = challenge.id.split(':');
    const question = authored.find((quiz) => quiz.id === Number(quizId))!.questions.find((item) => item.id === questionId)!;
    expect(ids(challenge.options)).toBe(ids(orderOptions(user.id, challenge.id, question.options)));
    const quiz = (await expectJson(await client.get('/api/quizzes'), 200, publicQuizSchema.array())).find(
      (item) => item.id === Number(quizId),
    )!;
    expect(ids(quiz.questions.find((item) => item.id === questionId)!.options)).toBe(ids(challenge.options));
  });
});
