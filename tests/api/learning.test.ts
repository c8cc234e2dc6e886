// Learning API (SPEC §7, DECISIONS "The API" / "Learning data"): modules, progress, quizzes, quiz results,
// the daily challenge and the quiz page's HTML. Every user here is freshly registered, so state is clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startApp, type ApiClient, type TestApp } from './harness';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.stop());

interface Lesson {
  id: number;
  title: string;
  type: string;
  duration: number;
  order: number;
}
interface ModuleBody {
  id: number;
  title: string;
  description: string;
  duration: number;
  lessonCount: number;
  status: string;
  content: Lesson[];
}
interface ProgressBody {
  id: number;
  moduleId: number;
  status: string;
  completedLessons: number[];
  lastActivity: string;
  timeSpent: number;
}
interface PublicQuiz {
  id: number;
  title: string;
  category: string;
  difficulty: string;
  questions: Array<{ id: string; text: string; options: Array<{ id: string; text: string }> }>;
}
interface Graded {
  id: string;
  quizId: number;
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  answers: Array<{ questionId: string; selectedOptionId: string | null; isCorrect: boolean }>;
  completedAt: string;
  review: Array<{ questionId: string; correctOptionId: string; explanation: string | null }>;
}

const fresh = async () => (await signUp(app)).client;
const body = async <T>(response: Response, status: number): Promise<T> => {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
};
const messageOf = async (response: Response, status: number) => (await body<{ message: string }>(response, status)).message;

/** Every module (there is no list call): module ids 1–20 probed at once, unknown ones answer 404. */
async function allModules(client: ApiClient): Promise<ModuleBody[]> {
  const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => client.get(`/api/modules/${index + 1}`)));
  const modules: ModuleBody[] = [];
  for (const response of responses) {
    if (response.status === 404) continue;
    modules.push(await body<ModuleBody>(response, 200));
  }
  return modules;
}

describe('signed out', () => {
  it.each([
    ['GET', '/api/modules/1'],
    ['PATCH', '/api/modules/1'],
    ['GET', '/api/progress'],
    ['POST', '/api/progress'],
    ['PATCH', '/api/progress/1'],
    ['GET', '/api/quizzes'],
    ['GET', '/api/quiz-results'],
    ['POST', '/api/quiz-results'],
    ['GET', '/api/daily-challenge'],
    ['POST', '/api/daily-challenge/complete'],
  ])('%s %s answers 401', async (method, path) => {
    const response = await app.request(method, path, method === 'GET' ? {} : { body: {} });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Not signed in' });
  });
});

describe('modules', () => {
  it('GET answers the module with derived duration and lessonCount and the user status', async () => {
    const client = await fresh();
    const module = await body<ModuleBody>(await client.get('/api/modules/1'), 200);
    expect(module).toMatchObject({ id: 1, status: 'not_started' });
    expect(module.title.length).toBeGreaterThan(0);
    expect(module.lessonCount).toBe(module.content.length);
    expect(module.duration).toBe(module.content.reduce((sum, lesson) => sum + lesson.duration, 0));
    expect(module.content.map((lesson) => lesson.order)).toEqual([...module.content.map((lesson) => lesson.order)].sort((a, b) => a - b));
    for (const lesson of module.content) expect(['video', 'article', 'interactive', 'quiz']).toContain(lesson.type);
  });

  it('404 for an unknown module, 400 for a non-integer id', async () => {
    const client = await fresh();
    expect(await messageOf(await client.get('/api/modules/99999'), 404)).toBe('Module not found');
    for (const id of ['abc', '0', '1.5', '-1']) expect((await client.get(`/api/modules/${id}`)).status).toBe(400);
  });

  it('PATCH sets the status, validated, never contradicting the lessons', async () => {
    const client = await fresh();
    expect(await body<ModuleBody>(await client.patch('/api/modules/1', { status: 'in_progress' }), 200)).toMatchObject({
      id: 1,
      status: 'in_progress',
    });
    expect((await body<ModuleBody>(await client.get('/api/modules/1'), 200)).status).toBe('in_progress');
    expect(await messageOf(await client.patch('/api/modules/1', { status: 'done' }), 400)).toMatch(/^status/);
    expect(await messageOf(await client.patch('/api/modules/1', { status: 'in_progress', extra: 1 }), 400)).toMatch(/Unknown field: extra/);
    expect((await client.patch('/api/modules/1', { userId: 1, status: 'in_progress' })).status).toBe(200);
    expect((await client.request('PATCH', '/api/modules/1', { rawBody: '{"status":' })).status).toBe(400);
    expect((await client.patch('/api/modules/1', { status: 'completed' })).status).toBe(409);
    expect((await client.patch('/api/modules/99999', { status: 'in_progress' })).status).toBe(404);
  });
});

describe('progress', () => {
  it('starts empty; POST creates an in_progress record with the moduleId as id (body userId ignored)', async () => {
    const client = await fresh();
    expect(await body<ProgressBody[]>(await client.get('/api/progress'), 200)).toEqual([]);
    const created = await body<ProgressBody>(
      await client.post('/api/progress', {
        userId: 1,
        moduleId: 1,
        status: 'in_progress',
        completedLessons: [],
        lastActivity: new Date().toISOString(),
        timeSpent: 0,
      }),
      201,
    );
    expect(created).toMatchObject({ id: 1, moduleId: 1, status: 'in_progress', completedLessons: [], timeSpent: 0 });
    const listed = await body<ProgressBody[]>(await client.get('/api/progress'), 200);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: 1, moduleId: 1, status: 'in_progress', completedLessons: [] });
  });

  it('POST validates: unknown module 404, unknown lesson 400, bad fields 400', async () => {
    const client = await fresh();
    expect((await client.post('/api/progress', { moduleId: 99999, completedLessons: [] })).status).toBe(404);
    expect(await messageOf(await client.post('/api/progress', { moduleId: 1, completedLessons: [201] }), 400)).toMatch(/completedLessons/);
    expect(await messageOf(await client.post('/api/progress', { moduleId: 'one' }), 400)).toMatch(/^moduleId/);
    expect(await messageOf(await client.post('/api/progress', { moduleId: 1, timeSpent: -5 }), 400)).toMatch(/^timeSpent/);
    expect(await messageOf(await client.post('/api/progress', { moduleId: 1, admin: true }), 400)).toMatch(/Unknown field/);
    expect(await body<ProgressBody[]>(await client.get('/api/progress'), 200)).toEqual([]);
  });

  it('PATCH is additive, without duplicates, and completes record and module with the last lesson', async () => {
    const client = await fresh();
    const module = await body<ModuleBody>(await client.get('/api/modules/1'), 200);
    const [first, ...rest] = module.content.map((lesson) => lesson.id);
    const one = await body<ProgressBody>(
      await client.patch('/api/progress/1', { completedLessons: [first], status: 'in_progress', lastActivity: new Date().toISOString() }),
      200,
    );
    expect(one).toMatchObject({ id: 1, moduleId: 1, status: 'in_progress', completedLessons: [first] });
    expect((await body<ModuleBody>(await client.get('/api/modules/1'), 200)).status).toBe('in_progress');

    // Twice, and with an older list: nothing is lost or duplicated.
    const again = await body<ProgressBody>(await client.patch('/api/progress/1', { completedLessons: [first, first] }), 200);
    expect(again.completedLessons).toEqual([first]);
    const almost = rest.slice(0, -1);
    if (almost.length > 0) await body<ProgressBody>(await client.patch('/api/progress/1', { completedLessons: almost }), 200);
    expect((await body<ModuleBody>(await client.get('/api/modules/1'), 200)).status).toBe('in_progress');

    const last = await body<ProgressBody>(await client.patch('/api/progress/1', { completedLessons: [rest.at(-1)] }), 200);
    expect(last.status).toBe('completed');
    expect(last.completedLessons).toEqual([...module.content.map((lesson) => lesson.id)].sort((a, b) => a - b));
    expect((await body<ModuleBody>(await client.get('/api/modules/1'), 200)).status).toBe('completed');
    const listed = await body<ProgressBody[]>(await client.get('/api/progress'), 200);
    expect(listed.find((record) => record.moduleId === 1)?.status).toBe('completed');
  });

  it('PATCH errors: unknown lesson 400, unknown module 404, bad id 400, bad body 400', async () => {
    const client = await fresh();
    expect(await messageOf(await client.patch('/api/progress/1', { completedLessons: [201] }), 400)).toMatch(
      /lesson 201 is not part of module 1/,
    );
    expect((await client.patch('/api/progress/99999', { completedLessons: [] })).status).toBe(404);
    expect((await client.patch('/api/progress/abc', { completedLessons: [101] })).status).toBe(400);
    expect(await messageOf(await client.patch('/api/progress/1', { completedLessons: ['101'] }), 400)).toMatch(/^completedLessons/);
    expect(await messageOf(await client.patch('/api/progress/1', {}), 400)).toMatch(/^completedLessons/);
    expect(await messageOf(await client.patch('/api/progress/1', { completedLessons: [101], timeSpent: 3 }), 400)).toMatch(/Unknown field/);
    expect(await body<ProgressBody[]>(await client.get('/api/progress'), 200)).toEqual([]);
  });

  it('keeps state per user, whatever userId a body names', async () => {
    const a = await signUp(app, 'Learner A');
    const b = await signUp(app, 'Learner B');
    await body<ProgressBody>(await a.client.patch('/api/progress/1', { userId: b.user.id, completedLessons: [101] }), 200);
    await body<ProgressBody>(await a.client.post('/api/progress', { userId: b.user.id, moduleId: 2, completedLessons: [] }), 201);
    expect(await body<ProgressBody[]>(await b.client.get('/api/progress'), 200)).toEqual([]);
    expect((await body<ModuleBody>(await b.client.get('/api/modules/1'), 200)).status).toBe('not_started');
    const mine = await body<ProgressBody[]>(await a.client.get('/api/progress'), 200);
    expect(mine.map((record) => record.moduleId)).toEqual([1, 2]);
  });

  it('loses nothing under 50 concurrent PATCH requests spread over every lesson of every module', async () => {
    const client = await fresh();
    const modules = await allModules(client);
    const lessons = modules.flatMap((module) => module.content.map((lesson) => ({ moduleId: module.id, lessonId: lesson.id })));
    expect(lessons.length).toBeGreaterThan(0);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const target = lessons[index % lessons.length]!;
        return client.patch(`/api/progress/${target.moduleId}`, { completedLessons: [target.lessonId] });
      }),
    );
    for (const response of responses) expect(response.status, await response.text()).toBe(200);
    const records = await body<ProgressBody[]>(await client.get('/api/progress'), 200);
    for (const module of modules) {
      const record = records.find((item) => item.moduleId === module.id);
      expect(record?.completedLessons).toEqual(module.content.map((lesson) => lesson.id).sort((a, b) => a - b));
      expect(record?.status).toBe('completed');
      expect((await body<ModuleBody>(await client.get(`/api/modules/${module.id}`), 200)).status).toBe('completed');
    }
  }, 180_000);
});

describe('quizzes and results', () => {
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
    const [quiz] = await body<PublicQuiz[]>(await client.get('/api/quizzes'), 200);
    if (!quiz) throw new Error('no quiz');
    const total = quiz.questions.length;

    // Probe: answer nothing while claiming a perfect score.
    const forged = await body<Graded>(
      await client.post('/api/quiz-results', {
        userId: 1,
        quizId: quiz.id,
        score: 100,
        correctAnswers: total,
        totalQuestions: total,
        answers: [],
      }),
      201,
    );
    expect(forged).toMatchObject({ quizId: quiz.id, score: 0, correctAnswers: 0, totalQuestions: total });
    expect(forged.answers.every((answer) => answer.selectedOptionId === null && !answer.isCorrect)).toBe(true);
    expect(forged.review).toHaveLength(total);
    const key = new Map(forged.review.map((item) => [item.questionId, item.correctOptionId]));

    // Wrong answers claimed correct.
    const wrongAnswers = quiz.questions.map((question) => ({
      questionId: question.id,
      selectedOptionId: question.options.find((option) => option.id !== key.get(question.id))!.id,
      isCorrect: true,
    }));
    expect(
      (await body<Graded>(await client.post('/api/quiz-results', { quizId: quiz.id, score: 100, answers: wrongAnswers }), 201)).score,
    ).toBe(0);

    // All but one correct, the last one unanswered: rounded percent.
    const partial = quiz.questions.slice(0, -1).map((question) => ({ questionId: question.id, selectedOptionId: key.get(question.id)! }));
    const graded = await body<Graded>(await client.post('/api/quiz-results', { quizId: quiz.id, score: 0, answers: partial }), 201);
    expect(graded.correctAnswers).toBe(total - 1);
    expect(graded.score).toBe(Math.round((100 * (total - 1)) / total));
    for (const item of graded.review) expect(item.explanation && item.explanation.length > 0).toBe(true);

    const perfect = quiz.questions.map((question) => ({ questionId: question.id, selectedOptionId: key.get(question.id)! }));
    expect((await body<Graded>(await client.post('/api/quiz-results', { quizId: quiz.id, answers: perfect }), 201)).score).toBe(100);

    const results = await body<Graded[]>(await client.get('/api/quiz-results'), 200);
    expect(results.map((result) => result.score)).toEqual([0, 0, Math.round((100 * (total - 1)) / total), 100]);
    expect(results.every((result) => result.quizId === quiz.id && !Number.isNaN(Date.parse(result.completedAt)))).toBe(true);
  });

  it('keeps results per user', async () => {
    const a = await fresh();
    const b = await fresh();
    await body<Graded>(await a.post('/api/quiz-results', { quizId: 1, answers: [] }), 201);
    expect(await body<Graded[]>(await b.get('/api/quiz-results'), 200)).toEqual([]);
    expect(await body<Graded[]>(await a.get('/api/quiz-results'), 200)).toHaveLength(1);
  });

  it('validates submissions: unknown quiz 404, unknown question or option 400, bad body 400', async () => {
    const client = await fresh();
    const [quiz] = await body<PublicQuiz[]>(await client.get('/api/quizzes'), 200);
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
    expect(await body<Graded[]>(await client.get('/api/quiz-results'), 200)).toEqual([]);
  });

  it('the quiz page HTML carries the questions but no answer key', async () => {
    const client = await fresh();
    const [quiz] = await body<PublicQuiz[]>(await client.get('/api/quizzes'), 200);
    const probe = await body<Graded>(await client.post('/api/quiz-results', { quizId: quiz!.id, answers: [] }), 201);
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
    for (const item of probe.review) if (item.explanation) expect(decoded).not.toContain(item.explanation);
  });

  it('an unknown quiz page shows the quiz error, not the questions', async () => {
    const client = await fresh();
    const response = await client.request('GET', '/quizzes/99999', { headers: { Accept: 'text/html' } });
    const html = await response.text();
    expect(html).toContain('Error loading quiz');
    expect(html).toContain('Quiz not found');
  });
});

describe('daily challenge', () => {
  interface Challenge {
    id: string;
    quizTitle: string;
    text: string;
    options: Array<{ id: string; text: string }>;
    nextRefreshHours: string;
    answer: null | { answerId: string; correct: boolean; correctOptionId: string; explanation: string };
  }
  interface Verdict {
    correct: boolean;
    correctOptionId: string;
    explanation: string;
  }

  it('GET answers the window question without answer key or explanation', async () => {
    const client = await fresh();
    const response = await client.get('/api/daily-challenge');
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain('isCorrect');
    expect(text).not.toContain('explanation');
    expect(text).not.toContain('correctOptionId');
    const challenge = JSON.parse(text) as Challenge;
    expect(challenge.id.length).toBeGreaterThan(0);
    expect(challenge.quizTitle.length).toBeGreaterThan(0);
    expect(challenge.options.length).toBeGreaterThan(1);
    expect(challenge.nextRefreshHours).toMatch(/^\d{1,2}\.\d$/);
    expect(Number(challenge.nextRefreshHours)).toBeGreaterThan(0);
    expect(Number(challenge.nextRefreshHours)).toBeLessThanOrEqual(12);
    expect(challenge.answer).toBeNull();
    // The same question for everybody in the window.
    expect((await body<Challenge>(await (await fresh()).get('/api/daily-challenge'), 200)).id).toBe(challenge.id);
  });

  it('the first answer counts; a later one gets the stored verdict', async () => {
    const client = await fresh();
    const challenge = await body<Challenge>(await client.get('/api/daily-challenge'), 200);
    const [first, second] = challenge.options;
    const verdict = await body<Verdict>(
      await client.post('/api/daily-challenge/complete', { questionId: challenge.id, answerId: first!.id }),
      200,
    );
    expect(Object.keys(verdict).sort()).toEqual(['correct', 'correctOptionId', 'explanation']);
    expect(verdict.correct).toBe(verdict.correctOptionId === first!.id);
    expect(verdict.explanation.length).toBeGreaterThan(0);

    const later = await body<Verdict>(
      await client.post('/api/daily-challenge/complete', { questionId: challenge.id, answerId: second!.id }),
      200,
    );
    expect(later).toEqual(verdict);
    const again = await body<Challenge>(await client.get('/api/daily-challenge'), 200);
    expect(again.answer).toEqual({ answerId: first!.id, ...verdict });

    // Another user's answer is theirs alone.
    const other = await fresh();
    expect((await body<Challenge>(await other.get('/api/daily-challenge'), 200)).answer).toBeNull();
    const correctPick = await body<Verdict>(
      await other.post('/api/daily-challenge/complete', { questionId: challenge.id, answerId: verdict.correctOptionId }),
      200,
    );
    expect(correctPick.correct).toBe(true);
  });

  it('the home page is rendered with the challenge (no answer key before answering), then with the counted answer', async () => {
    const client = await fresh();
    const challenge = await body<Challenge>(await client.get('/api/daily-challenge'), 200);
    const escape = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
    const home = async () => {
      const response = await client.request('GET', '/', { headers: { Accept: 'text/html' } });
      expect(response.status).toBe(200);
      return response.text();
    };
    const before = await home();
    expect(before).toContain('data-testid="daily-challenge"');
    expect(before).toContain(escape(challenge.text));
    for (const option of challenge.options) expect(before).toContain(escape(option.text));
    expect(before).not.toContain('Loading daily challenge');
    expect(before).not.toContain('correctOptionId');
    expect(before).not.toContain('isCorrect');

    const verdict = await body<Verdict>(
      await client.post('/api/daily-challenge/complete', { questionId: challenge.id, answerId: challenge.options[0]!.id }),
      200,
    );
    const after = await home();
    expect(after).toContain(verdict.correct ? 'Correct!' : 'Not quite right.');
    expect(after).toContain('data-correct="true"');
  });

  it('rejects a question that is not the current challenge, an unknown option and bad bodies with 400', async () => {
    const client = await fresh();
    const challenge = await body<Challenge>(await client.get('/api/daily-challenge'), 200);
    expect(await messageOf(await client.post('/api/daily-challenge/complete', { questionId: 'not-it', answerId: 'a' }), 400)).toMatch(
      /^questionId/,
    );
    expect(await messageOf(await client.post('/api/daily-challenge/complete', { questionId: challenge.id, answerId: 'zz' }), 400)).toMatch(
      /^answerId/,
    );
    expect((await client.post('/api/daily-challenge/complete', { questionId: challenge.id })).status).toBe(400);
    expect((await client.post('/api/daily-challenge/complete', { questionId: challenge.id, answerId: 'a', correct: true })).status).toBe(
      400,
    );
    expect((await body<Challenge>(await client.get('/api/daily-challenge'), 200)).answer).toBeNull();
  });
});
