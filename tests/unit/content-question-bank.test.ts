// The scored question bank cannot silently shrink: at least 180 quiz questions (the knowledge checks in
// lessons are not scored and do not count), every quiz on the learning path, and the minimums per topic
// that reps are tested on before they face a buyer: discovery, every competitor card, the IT and security
// fact sheet (SOC 2 status included) and the Selling module.
import { describe, expect, it } from 'vitest';
import { readContent } from '~/content-check/read';
import { PROJECT_ROOT } from '../support/content-fixture';

interface Question {
  quizId: number;
  id: string;
  lessonId: number;
  text: string;
  options: Array<{ text: string; isCorrect: boolean }>;
}

const entries = readContent(PROJECT_ROOT).entries;
const of = (collection: string) => entries.filter((entry) => entry.source.collection === collection).map((entry) => entry.data);
const lessons = of('lessons') as Array<{ id: number; moduleId: number; type: string; quizId?: number }>;
const questions: Question[] = (of('quizzes') as Array<{ id: number; questions: Array<Omit<Question, 'quizId'>> }>).flatMap((quiz) =>
  quiz.questions.map((question) => ({ ...question, quizId: quiz.id })),
);
const competitors = of('industryCompetitors') as Array<{ name: string }>;

const wording = (question: Question) => [question.text, ...question.options.map((option) => option.text)].join(' ');
const onLessons = (ids: readonly number[]) => questions.filter((question) => ids.includes(question.lessonId));

/** The minimums per topic: the lessons that teach it, and how many scored questions must name them. */
const TOPICS = {
  discovery: { lessons: [601, 407], minimum: 8 },
  'the IT and security fact sheet': { lessons: [508, 702], minimum: 3 },
  'the Selling module': { lessons: lessons.filter((lesson) => lesson.moduleId === 6).map((lesson) => lesson.id), minimum: 25 },
} as const;

describe('the scored question bank', () => {
  it('holds at least 180 quiz questions', () => {
    expect(questions.length).toBeGreaterThanOrEqual(180);
  });

  it('puts every quiz on the learning path, so the check can hold it after what it tests', () => {
    const onPath = new Set(lessons.filter((lesson) => lesson.type === 'quiz').map((lesson) => lesson.quizId));
    expect(new Set(questions.map((question) => question.quizId)).size).toBeGreaterThanOrEqual(18);
    expect([...new Set(questions.map((question) => question.quizId))].filter((quizId) => !onPath.has(quizId))).toEqual([]);
  });

  it.each(Object.entries(TOPICS))('asks enough about %s', (_topic, { lessons: ids, minimum }) => {
    expect(ids.length).toBeGreaterThan(0);
    expect(onLessons(ids).length).toBeGreaterThanOrEqual(minimum);
  });

  it('asks about SOC 2 status from the IT and security lessons', () => {
    const soc2 = onLessons(TOPICS['the IT and security fact sheet'].lessons).filter((question) => /SOC 2/.test(wording(question)));
    expect(soc2.length).toBeGreaterThanOrEqual(1);
  });

  it('asks at least two questions about every competitor card', () => {
    expect(competitors.length).toBe(6);
    // A question names a card by its first word ("Ledgerhall's rep", "Spacefinder Exchange"): the names are distinct.
    const counts = Object.fromEntries(
      competitors.map(({ name }) => [name, questions.filter((question) => wording(question).includes(name.split(' ')[0]!)).length]),
    );
    for (const [name, count] of Object.entries(counts)) expect(count, name).toBeGreaterThanOrEqual(2);
  });
});
