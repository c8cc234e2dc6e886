/**
 * The content the built site was made from, read with the build's own content check, for the API tests
 * that call services with a changed copy of it (a new revision of a lesson or a question): the built
 * function's content is fixed, so these tests inject the question bank and the modules instead.
 */
import type { Module, Quiz } from '~/server/content/learning';
import { checkContent } from '~/content-check/check';
import { materialRevisionOf } from '~/shared/learning/revisions';
import { buildQuestionBank, type QuestionBank } from '~/server/review/question-bank';
import type { Lesson as LessonEntry } from '~/schemas/learning';
import type { ContentChange } from '~/shared/vocabulary';
import { PROJECT_ROOT } from '../support/content-fixture';

type Lesson = Module['lessons'][number];

export interface Content {
  quizzes: Quiz[];
  modules: Array<Pick<Module, 'id' | 'lessons' | 'lessonCount'>>;
}

/** The committed content: its quizzes (with keys) and its modules' lessons. */
export function committedContent(): Content {
  const { entries } = checkContent(PROJECT_ROOT);
  const quizzes = entries.filter((entry) => entry.source.collection === 'quizzes').map((entry) => entry.parsed as unknown as Quiz);
  const lessons = entries.filter((entry) => entry.source.collection === 'lessons').map((entry) => entry.parsed as unknown as LessonEntry);
  const moduleIds = [...new Set(lessons.map((lesson) => lesson.moduleId))].sort((a, b) => a - b);
  const modules = moduleIds.map((id) => {
    const own = lessons
      .filter((lesson) => lesson.moduleId === id)
      .sort((a, b) => a.order - b.order)
      // Revised as the content queries give them (src/server/content/learning.ts), as the built function has them.
      .map((lesson): Lesson => ({
        id: lesson.id,
        title: lesson.title,
        type: lesson.type,
        order: lesson.order,
        duration: 5,
        revision: lesson.revision ?? 1,
        materialRevision: materialRevisionOf(lesson),
        changeNote: lesson.changeNote ?? null,
      }));
    return { id, lessons: own, lessonCount: own.length };
  });
  return { quizzes: quizzes.sort((a, b) => a.id - b.id), modules };
}

export const bankOf = (content: Content): QuestionBank => buildQuestionBank(content.quizzes, content.modules);

interface Change {
  revision: number;
  change: ContentChange;
  changeNote: string;
}

/** The content with one quiz question at a new revision. */
export function withQuestionChange(content: Content, quizId: number, questionId: string, change: Change): Content {
  return {
    ...content,
    quizzes: content.quizzes.map((quiz) =>
      quiz.id !== quizId
        ? quiz
        : { ...quiz, questions: quiz.questions.map((question) => (question.id === questionId ? { ...question, ...change } : question)) },
    ),
  };
}

/** The content with one lesson at a new revision (as the content queries give it). */
export function withLessonChange(content: Content, lessonId: number, change: Change): Content {
  return {
    ...content,
    modules: content.modules.map((module) => ({
      ...module,
      lessons: module.lessons.map((lesson) =>
        lesson.id === lessonId
          ? { ...lesson, revision: change.revision, materialRevision: materialRevisionOf(change), changeNote: change.changeNote }
          : lesson,
      ),
    })),
  };
}
