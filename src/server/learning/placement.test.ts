// A module's placement check: the draw, the grading, the 24-hour wait, and what a pass changes in a plan.
import { describe, expect, it } from 'vitest';
import type { Module, Quiz } from '~/server/content/learning';
import { HttpError } from '~/server/errors';
import { computePlan } from '~/server/programs/plan';
import { evidenceFromFigures } from '~/server/programs/evidence';
import { buildQuestionBank } from '~/server/review/question-bank';
import { emptyFigures, foldEntries } from '~/server/team/team-rollup-fold';
import { noEvidence } from '~tests/support/programs';
import { coveredLessons, drawPlacement, gradePlacement, placementOpensAt, PLACEMENT_WAIT_MS } from './placement';

const review = { owner: 'aaliyah-brooks', lastReviewed: '2026-09-01', reviewBy: '2027-09-01' };
const lesson = (id: number, type: 'article' | 'quiz' | 'interactive' = 'article', quizId?: number) => ({
  id,
  title: `Lesson ${id}`,
  type,
  duration: 5,
  order: id,
  ...(quizId === undefined ? {} : { quizId }),
});
const module: Module = {
  id: 2,
  title: 'CRE',
  description: 'd',
  duration: 20,
  lessonCount: 5,
  order: 2,
  review,
  placementPass: 80,
  lessons: [lesson(201), lesson(202), lesson(203), lesson(204, 'interactive'), lesson(205, 'quiz', 9)],
};
const question = (id: string, lessonId: number) => ({
  id,
  text: `Question ${id}?`,
  lessonId,
  explanation: 'Because.',
  options: ['a', 'b', 'c'].map((option) => ({ id: option, text: `Option ${option}`, isCorrect: option === 'a' })),
});
const quiz: Quiz = {
  review,
  id: 9,
  title: 'Quiz',
  description: 'd',
  category: 'Industry Knowledge',
  difficulty: 'beginner',
  // Lesson 201 has five questions, 202 three, 203 one; 204 (interactive) none.
  questions: [
    ...['q1', 'q2', 'q3', 'q4', 'q5'].map((id) => question(id, 201)),
    ...['q6', 'q7', 'q8'].map((id) => question(id, 202)),
    question('q9', 203),
  ],
};
const bank = buildQuestionBank([quiz], [module]);
const draw = (attempt: number, previous: string[] = [], exclude: string | null = null) =>
  drawPlacement(module, bank, { userId: 'u1', attempt, previous: new Set(previous), exclude }).map((item) => item.key);
const lessonOf = (key: string) => bank.byKey.get(key)!.lesson!.id;

describe('drawPlacement', () => {
  it('draws two questions of every lesson the bank teaches (fewer when it has fewer), lesson by lesson', () => {
    const keys = draw(1);
    expect(keys.map(lessonOf)).toEqual([201, 201, 202, 202, 203]);
    expect(new Set(keys).size).toBe(5);
    expect(draw(1)).toEqual(keys);
  });

  it('draws other questions on the next try: those of the last try come last', () => {
    const first = draw(1);
    const second = draw(2, first);
    expect(second).not.toEqual(first);
    const lesson201 = second.filter((key) => lessonOf(key) === 201);
    expect(lesson201.some((key) => first.includes(key))).toBe(false);
    // Lesson 203 has one question: it is drawn again rather than left out.
    expect(second).toContain('9:q9');
  });

  it('never draws the daily challenge’s current question', () => {
    expect(draw(1, [], '9:q9')).not.toContain('9:q9');
    const first = draw(1);
    expect(draw(1, [], first[0]!)).not.toContain(first[0]);
    // Another question of the same lesson takes its place.
    expect(draw(1, [], first[0]!).map(lessonOf)).toEqual([201, 201, 202, 202, 203]);
    // A lesson whose only question is the challenge's is left out of this try.
    expect(draw(1, [], '9:q9').map(lessonOf)).toEqual([201, 201, 202, 202]);
  });

  it('covers the lessons its questions name and the quiz lessons whose quiz gave one; an interactive lesson stays', () => {
    const drawn = drawPlacement(module, bank, { userId: 'u1', attempt: 1, previous: new Set(), exclude: null });
    expect(coveredLessons(module, drawn).map((covered) => covered.id)).toEqual([201, 202, 203, 205]);
  });
});

describe('gradePlacement', () => {
  const drawn = drawPlacement(module, bank, { userId: 'u1', attempt: 1, previous: new Set(), exclude: null });
  const answers = (wrong: string[] = []) => drawn.map((item) => ({ questionId: item.key, optionId: wrong.includes(item.key) ? 'b' : 'a' }));

  it('passes at the threshold: every covered lesson known', () => {
    const graded = gradePlacement(module, drawn, answers([drawn[0]!.key]), 80);
    expect(graded).toMatchObject({ passed: true, score: 80, threshold: 80 });
    expect(graded.lessons).toEqual([201, 202, 203, 205].map((id) => ({ id, known: true })));
    expect(graded.answered).toHaveLength(5);
  });

  it('fails below it: the lessons with a miss are not known, a question left out counts as wrong', () => {
    const graded = gradePlacement(module, drawn, answers([drawn[0]!.key, drawn[2]!.key]), 80);
    expect(graded).toMatchObject({ passed: false, score: 60 });
    // The quiz lesson's questions are all the drawn ones: one miss is enough.
    expect(graded.lessons).toEqual([
      { id: 201, known: false },
      { id: 202, known: false },
      { id: 203, known: true },
      { id: 205, known: false },
    ]);
    const blank = gradePlacement(module, drawn, answers().slice(0, 4), 80);
    expect(blank).toMatchObject({ passed: true, score: 80 });
    expect(gradePlacement(module, drawn, [], 80)).toMatchObject({ passed: false, score: 0 });
    expect(gradePlacement(module, drawn, answers(), 100)).toMatchObject({ passed: true, score: 100, threshold: 100 });
  });

  it('refuses a question not drawn, one answered twice, and an option not of its question (400)', () => {
    const notDrawn = bank.questions.find((item) => !drawn.includes(item))!.key;
    const refused = (list: Array<{ questionId: string; optionId: string }>) => {
      try {
        gradePlacement(module, drawn, list, 80);
        return null;
      } catch (error) {
        return error instanceof HttpError ? [error.status, error.message] : error;
      }
    };
    expect(refused([{ questionId: notDrawn, optionId: 'a' }])).toEqual([
      400,
      `answers.0.questionId: "${notDrawn}" is not a question of this placement check`,
    ]);
    const first = drawn[0]!.key;
    expect(
      refused([
        { questionId: first, optionId: 'a' },
        { questionId: first, optionId: 'b' },
      ]),
    ).toEqual([400, `answers.1.questionId: "${first}" is answered twice`]);
    expect(refused([{ questionId: first, optionId: 'z' }])).toEqual([400, `answers.0.optionId: unknown option "z" for "${first}"`]);
  });
});

describe('placementOpensAt', () => {
  it('opens the next try 24 hours after the last submission', () => {
    const submittedAt = '2026-11-02T10:00:00.000Z';
    expect(PLACEMENT_WAIT_MS).toBe(86_400_000);
    expect(placementOpensAt(null, new Date(submittedAt))).toBeNull();
    expect(placementOpensAt({ submittedAt }, new Date('2026-11-03T09:59:59.999Z'))?.toISOString()).toBe('2026-11-03T10:00:00.000Z');
    expect(placementOpensAt({ submittedAt }, new Date('2026-11-02T23:59:00.000Z'))?.toISOString()).toBe('2026-11-03T10:00:00.000Z');
    expect(placementOpensAt({ submittedAt }, new Date('2026-11-03T10:00:00.000Z'))).toBeNull();
  });
});

describe('a pass in a plan', () => {
  const program = {
    id: 'cre',
    title: 'CRE',
    role: 'Rep',
    description: 'd',
    lengthDays: 10,
    certificate: { title: 'CRE ready', validMonths: 12 },
    review,
    items: [
      {
        id: 'module-2',
        kind: 'module' as const,
        title: 'The CRE industry',
        required: true,
        due: 5,
        href: '/modules/2',
        lessons: [201, 202].map((lessonId) => ({ moduleId: 2, lessonId, materialRevision: 1 })),
      },
    ],
  };
  const start = { programId: 'cre', startDate: '2026-11-01' };
  const now = new Date('2026-11-03T09:00:00Z');
  const done = new Map([
    ['2/201', new Date('2026-11-02T10:00:00Z')],
    ['2/202', new Date('2026-11-02T10:00:00Z')],
  ]);

  it('counts the tested-out lessons done and says so, on the item and the certificate', () => {
    const plan = computePlan(program, start, { ...noEvidence(), lessons: done, testedOut: new Set(['2/201', '2/202']) }, now);
    expect(plan.items[0]).toMatchObject({ status: 'done', testedOut: true });
    expect(plan.certificate).toMatchObject({ status: 'valid', testedOut: 1 });
  });

  it('is not tested out when a lesson of it was read, nor when it is not done', () => {
    const partly = computePlan(program, start, { ...noEvidence(), lessons: done, testedOut: new Set(['2/201']) }, now);
    expect(partly.items[0]).toMatchObject({ status: 'done', testedOut: false });
    expect(partly.certificate).toMatchObject({ testedOut: 0 });
    const notDone = computePlan(program, start, { ...noEvidence(), testedOut: new Set(['2/201', '2/202']) }, now);
    expect(notDone.items[0]).toMatchObject({ status: 'due', testedOut: false });
  });

  it('shows on Team Progress: the rollup folds the tested-out journal entries into the member’s evidence', () => {
    const at = new Date('2026-11-02T10:00:00Z');
    const entries = [201, 202].flatMap((lessonId) => [
      { id: `l${lessonId}`, userId: 'u1', at, fact: { kind: 'lesson' as const, moduleId: 2, lessonId: String(lessonId) } },
      { id: `t${lessonId}`, userId: 'u1', at, fact: { kind: 'tested' as const, moduleId: 2, lessonId } },
    ]);
    const figures = foldEntries({ u1: emptyFigures() }, entries)['u1']!;
    expect(figures.planEvidence).toMatchObject({ 'tested:2/201': at.toISOString(), 'tested:2/202': at.toISOString() });
    const evidence = evidenceFromFigures(figures, buildQuestionBank([], []), now, []);
    expect(computePlan(program, start, evidence, now).items[0]).toMatchObject({ status: 'done', testedOut: true });
  });
});
