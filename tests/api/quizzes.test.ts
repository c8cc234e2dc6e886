// Quizzes and server-graded results (docs/product.md "Quiz taking (/quizzes/{id})", "POST /api/quiz-results"; docs/decisions.md
// "Server-side grading").
import { describe, expect, it } from 'vitest';
import { dailyChallengeSchema } from '~/shared/api/daily-challenge';
import { type PublicQuiz, publicQuizSchema, quizResultSchema, submitQuizResponseSchema } from '~/shared/api/quizzes';
import { committedContent } from './content-bank';
import { expectJson, messageOf, signUp, useTestApp } from './harness';

/** Each question's correct option, from the content the site was built from. */
const keyOf = (quizId: number) =>
  new Map(
    committedContent()
      .quizzes.find((quiz) => quiz.id === quizId)!
      .questions.map((question) => [question.id, question.options.find((option) => option.isCorrect)!.id]),
  );

const t = useTestApp();

const fresh = async () => (await signUp(t.app)).client;

describe('quizzes and results', () => {
  it.each([
    ['GET', '/api/quizzes'],
    ['GET', '/api/quiz-results'],
    ['POST', '/api/quiz-results'],
  ])('signed out, %s %s answers 401', async (method, path) => {
    const response = await t.app.request(method, path, method === 'GET' ? {} : { body: {} });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Not signed in' });
  });

  it('GET /api/quizzes lists quizzes with questions and options but no answer key', async () => {
    const client = await fresh();
    const response = await client.get('/api/quizzes');
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain('isCorrect');
    expect(text).not.toContain('explanation');
    const quizzes = JSON.parse(text) as PublicQuiz[];
    expect(quizzes.length).toBeGreaterThan(0);
    for (const quiz of quizzes) {
      expect(['beginner', 'intermediate', 'advanced']).toContain(quiz.difficulty);
      expect(quiz.questions.length).toBeGreaterThan(0);
      for (const question of quiz.questions) expect(question.options.length).toBeGreaterThan(1);
    }
  });

  it('grades on the server: forged score and isCorrect are ignored, unanswered counts as wrong', async () => {
    const client = await fresh();
    const [quiz] = await expectJson(await client.get('/api/quizzes'), 200, publicQuizSchema.array());
    if (!quiz) throw new Error('no quiz');
    const total = quiz.questions.length;
    // The user's daily challenge first: until it is answered, its key stays out of quiz reviews.
    const challenge = await expectJson(await client.get('/api/daily-challenge'), 200, dailyChallengeSchema);
    await client.post('/api/daily-challenge/complete', { questionId: challenge.id, answerId: challenge.options[0]!.id });

    // Probe: answer nothing while claiming a perfect score.
    const forged = await expectJson(
      await client.post('/api/quiz-results', {
        userId: 1,
        quizId: quiz.id,
        score: 100,
        correctAnswers: total,
        totalQuestions: total,
        answers: [],
      }),
      201,
      submitQuizResponseSchema,
    );
    expect(forged).toMatchObject({ quizId: quiz.id, score: 0, correctAnswers: 0, totalQuestions: total });
    expect(forged.answers.every((answer) => answer.selectedOptionId === null && !answer.isCorrect)).toBe(true);
    expect(forged.review).toHaveLength(total);
    const key = keyOf(quiz.id);

    // Wrong answers claimed correct.
    const wrongAnswers = quiz.questions.map((question) => ({
      questionId: question.id,
      selectedOptionId: question.options.find((option) => option.id !== key.get(question.id))!.id,
      isCorrect: true,
    }));
    expect(
      (
        await expectJson(
          await client.post('/api/quiz-results', { quizId: quiz.id, score: 100, answers: wrongAnswers }),
          201,
          submitQuizResponseSchema,
        )
      ).score,
    ).toBe(0);

    // All but one correct, the last one unanswered: rounded percent.
    const partial = quiz.questions.slice(0, -1).map((question) => ({ questionId: question.id, selectedOptionId: key.get(question.id)! }));
    const graded = await expectJson(
      await client.post('/api/quiz-results', { quizId: quiz.id, score: 0, answers: partial }),
      201,
      submitQuizResponseSchema,
    );
    expect(graded.correctAnswers).toBe(total - 1);
    expect(graded.score).toBe(Math.round((100 * (total - 1)) / total));
    for (const item of graded.review.slice(0, -1)) expect(item.explanation && item.explanation.length > 0).toBe(true);
    expect(graded.review.at(-1), 'the question left blank').toMatchObject({ correctOptionId: null, explanation: null });

    const perfect = quiz.questions.map((question) => ({ questionId: question.id, selectedOptionId: key.get(question.id)! }));
    expect(
      (await expectJson(await client.post('/api/quiz-results', { quizId: quiz.id, answers: perfect }), 201, submitQuizResponseSchema))
        .score,
    ).toBe(100);

    const results = await expectJson(await client.get('/api/quiz-results'), 200, quizResultSchema.array());
    expect(results.map((result) => result.score)).toEqual([0, 0, Math.round((100 * (total - 1)) / total), 100]);
    expect(results.every((result) => result.quizId === quiz.id && !Number.isNaN(Date.parse(result.completedAt)))).toBe(true);
  });

  it('never tells the key of a question left blank, however many blank or partial submissions are sent', async () => {
    // The attack: empty submissions used to return every question's correct option, answered or not.
    const client = await fresh();
    const quizzes = await expectJson(await client.get('/api/quizzes'), 200, publicQuizSchema.array());
    const learned = new Set<string>();
    for (const quiz of quizzes) {
      const blank = await expectJson(
        await client.post('/api/quiz-results', { quizId: quiz.id, answers: [] }),
        201,
        submitQuizResponseSchema,
      );
      for (const item of blank.review) {
        expect(item, `${quiz.id}:${item.questionId}`).toEqual({ questionId: item.questionId, correctOptionId: null, explanation: null });
      }
      const first = quiz.questions[0]!;
      const partial = await expectJson(
        await client.post('/api/quiz-results', {
          quizId: quiz.id,
          answers: [{ questionId: first.id, selectedOptionId: first.options[0]!.id }],
        }),
        201,
        submitQuizResponseSchema,
      );
      for (const item of partial.review) if (item.correctOptionId !== null) learned.add(`${quiz.id}:${item.questionId}`);
    }
    // Only the questions answered (the first of each quiz, unless held back as today's challenge) have a key.
    const answered = new Set(quizzes.map((quiz) => `${quiz.id}:${quiz.questions[0]!.id}`));
    expect([...learned].filter((id) => !answered.has(id))).toEqual([]);
    expect(learned.size).toBeGreaterThanOrEqual(quizzes.length - 1);
    const stored = await (await client.get('/api/quiz-results')).text();
    expect(stored).not.toContain('correctOptionId');
  });

  it('keeps results per user', async () => {
    const a = await fresh();
    const b = await fresh();
    await expectJson(await a.post('/api/quiz-results', { quizId: 1, answers: [] }), 201, submitQuizResponseSchema);
    expect(await expectJson(await b.get('/api/quiz-results'), 200, quizResultSchema.array())).toEqual([]);
    expect(await expectJson(await a.get('/api/quiz-results'), 200, quizResultSchema.array())).toHaveLength(1);
  });

  it('validates submissions: unknown quiz 404, unknown question or option 400, bad body 400', async () => {
    const client = await fresh();
    const [quiz] = await expectJson(await client.get('/api/quizzes'), 200, publicQuizSchema.array());
    const question = quiz!.questions[0]!;
    expect(await messageOf(await client.post('/api/quiz-results', { quizId: 99999, answers: [] }), 404)).toBe('Quiz not found');
    expect(
      await messageOf(
        await client.post('/api/quiz-results', { quizId: quiz!.id, answers: [{ questionId: 'nope', selectedOptionId: 'a' }] }),
        400,
      ),
    ).toMatch(/questionId/);
    expect(
      await messageOf(
        await client.post('/api/quiz-results', { quizId: quiz!.id, answers: [{ questionId: question.id, selectedOptionId: 'zz' }] }),
        400,
      ),
    ).toMatch(/selectedOptionId/);
    expect((await client.post('/api/quiz-results', { quizId: quiz!.id })).status).toBe(400);
    expect((await client.post('/api/quiz-results', { quizId: 'one', answers: [] })).status).toBe(400);
    expect(await messageOf(await client.post('/api/quiz-results', { quizId: quiz!.id, answers: [], hacked: 1 }), 400)).toMatch(
      /Unknown field/,
    );
    expect((await client.request('POST', '/api/quiz-results', { rawBody: 'not json' })).status).toBe(400);
    expect(await expectJson(await client.get('/api/quiz-results'), 200, quizResultSchema.array())).toEqual([]);
  });

  it('the quiz page HTML carries the questions but no answer key', async () => {
    const client = await fresh();
    const [quiz] = await expectJson(await client.get('/api/quizzes'), 200, publicQuizSchema.array());
    const explanations = committedContent()
      .quizzes.find((candidate) => candidate.id === quiz!.id)!
      .questions.map((question) => question.explanation)
      .filter(Boolean);
    expect(explanations.length).toBeGreaterThan(0);
    const response = await client.request('GET', `/quizzes/${quiz!.id}`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const decoded = html
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    expect(decoded).toContain(quiz!.questions[0]!.text);
    expect(decoded).not.toMatch(/isCorrect/i);
    expect(decoded).not.toContain('correctOptionId');
    for (const explanation of explanations) expect(decoded).not.toContain(explanation);
  });

  it('an unknown quiz page shows the quiz error, not the questions', async () => {
    const client = await fresh();
    const response = await client.request('GET', '/quizzes/99999', { headers: { Accept: 'text/html' } });
    const html = await response.text();
    expect(html).toContain('Error loading quiz');
    expect(html).toContain('Quiz not found');
  });
});
