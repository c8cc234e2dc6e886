// The question bank as the schedule sees it (docs/decisions.md "Spaced review"): every quiz question with
// its key "{quizId}:{questionId}", its topic (the quiz category), the lesson that teaches it and that
// lesson's module, and its revisions. Answer keys stay inside: only services read `question`.
import type { Module, Quiz } from '~/server/content/learning';
import { cached } from '~/server/content/cache';
import { materialRevisionOf } from '~/shared/learning/revisions';
import { orderOptions } from '../learning/option-order';

export interface BankQuestion {
  /** "{quizId}:{questionId}": question ids are unique only within their quiz. */
  key: string;
  quiz: Pick<Quiz, 'id' | 'title' | 'category'>;
  /** WITH its answer key: never send as is. */
  question: Quiz['questions'][number];
  lesson: { id: number; title: string; moduleId: number; href: string } | null;
  /** Position in the bank: quizzes by id, questions in authored order. */
  order: number;
  /** The question's revision, and that of its latest material change (content/README.md "Revisions"). */
  revision: number;
  materialRevision: number;
}

export interface QuestionBank {
  questions: BankQuestion[];
  byKey: ReadonlyMap<string, BankQuestion>;
  /** Question keys by the module of the lesson that teaches them. */
  byModule: ReadonlyMap<number, string[]>;
  /** Question keys by topic (quiz category). */
  byTopic: ReadonlyMap<string, string[]>;
  /** The material revision of every question changed materially (above 1): cards of earlier ones start afresh. */
  materialRevisions: ReadonlyMap<string, number>;
}

export const questionKey = (quizId: number | string, questionId: string) => `${quizId}:${questionId}`;

function push<K>(map: Map<K, string[]>, key: K, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The bank of these quizzes and modules (pure; getQuestionBank() is it over the content). */
export function buildQuestionBank(quizzes: readonly Quiz[], modules: readonly Pick<Module, 'id' | 'lessons'>[]): QuestionBank {
  const lessons = new Map<number, { title: string; moduleId: number }>();
  for (const module of modules) for (const lesson of module.lessons) lessons.set(lesson.id, { title: lesson.title, moduleId: module.id });
  const questions = [...quizzes]
    .sort((a, b) => a.id - b.id)
    .flatMap((quiz) => quiz.questions.map((question) => ({ quiz, question })))
    .map(({ quiz, question }, order): BankQuestion => {
      const lesson = lessons.get(question.lessonId);
      return {
        key: questionKey(quiz.id, question.id),
        quiz: { id: quiz.id, title: quiz.title, category: quiz.category },
        question,
        lesson: lesson
          ? {
              id: question.lessonId,
              title: lesson.title,
              moduleId: lesson.moduleId,
              href: `/modules/${lesson.moduleId}/lessons/${question.lessonId}`,
            }
          : null,
        order,
        revision: question.revision ?? 1,
        materialRevision: materialRevisionOf(question),
      };
    });
  const byModule = new Map<number, string[]>();
  const byTopic = new Map<string, string[]>();
  for (const item of questions) {
    if (item.lesson) push(byModule, item.lesson.moduleId, item.key);
    push(byTopic, item.quiz.category, item.key);
  }
  return {
    questions,
    byKey: new Map(questions.map((item) => [item.key, item])),
    byModule,
    byTopic,
    materialRevisions: new Map(questions.filter((item) => item.materialRevision > 1).map((item) => [item.key, item.materialRevision])),
  };
}

/**
 * The content's question bank, computed once per process in a build (through the content queries' cache,
 * so a request does not even pay for the imports again); under `astro dev` every call reads afresh, so
 * content edits show at once. The content is imported when first needed, so scripts outside Astro
 * (benchmarks) can use this module with a bank of their own.
 */
export function getQuestionBank(): Promise<QuestionBank> {
  return cached('question-bank', () =>
    import('~/server/content/learning').then(async ({ getModules, getQuizzes }) => {
      const [quizzes, modules] = await Promise.all([getQuizzes(), getModules()]);
      return buildQuestionBank(quizzes, modules);
    }),
  );
}

/** A question as the browser may see it before answering: no isCorrect, no explanation. */
export function publicQuestion(
  item: BankQuestion,
  userId: string,
): {
  id: string;
  quizTitle: string;
  text: string;
  options: Array<{ id: string; text: string }>;
} {
  return {
    id: item.key,
    quizTitle: item.quiz.title,
    text: item.question.text,
    // In this user's order for this question (services/option-order.ts): positions never give a key away.
    options: orderOptions(userId, item.key, item.question.options).map((option) => ({ id: option.id, text: option.text })),
  };
}
