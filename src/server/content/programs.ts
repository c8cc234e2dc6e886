/**
 * Onboarding programs (content/programs/*.yaml) with every item resolved against the learning content:
 * its title, the page where it is done, and what counts as done (the lessons of a lesson or module item
 * with their material revisions). The build has already checked the references (content-check/programs.ts).
 */
import { getCollection } from 'astro:content';
import type { Review } from '~/schemas/common';
import { programItemId, type ProgramData, type ProgramItemData } from '~/schemas/programs';
import { PROGRAM_QUIZ_PASS } from '~/shared/vocabulary';
import { cached } from './cache';
import { getModules, getQuizzes, type Module } from './learning';
import { getPracticeScenarios } from './practice';

/** A lesson an item asks to complete, with the revision a completion must be of to count. */
interface ProgramLesson {
  moduleId: number;
  lessonId: number;
  materialRevision: number;
}

interface ItemBase {
  /** What the item's progress is kept under (src/schemas/programs.ts `programItemId`). */
  id: string;
  title: string;
  required: boolean;
  /** Days after the start date. */
  due: number;
  /** Where the item is done. */
  href: string;
}

export type ProgramItem = ItemBase &
  (
    | { kind: 'lesson' | 'module'; lessons: ProgramLesson[] }
    | { kind: 'quiz'; quizId: number }
    | { kind: 'mastery'; moduleId: number; threshold: number }
    | { kind: 'read'; page: string }
    | { kind: 'practice'; scenarioId: string }
    | { kind: 'signoff'; instructions: string }
  );

export interface Program {
  id: string;
  title: string;
  role: string;
  description: string;
  lengthDays: number;
  certificate: { title: string; validMonths: number };
  /** Items by due day, then in the order written. */
  items: ProgramItem[];
  review: Review;
}

function lessonsOf(module: Module, only?: number): ProgramLesson[] {
  return module.lessons
    .filter((lesson) => only === undefined || lesson.id === only)
    .map((lesson) => ({ moduleId: module.id, lessonId: lesson.id, materialRevision: lesson.materialRevision ?? 1 }));
}

/** The titles the items name: of quizzes and of practice scenarios, by id. */
interface Titles {
  quizzes: ReadonlyMap<number, string>;
  scenarios: ReadonlyMap<string, string>;
}

function resolveItem(data: ProgramItemData, modules: readonly Module[], titles: Titles): ProgramItem | null {
  const base = { id: programItemId(data), required: data.required, due: data.due };
  switch (data.kind) {
    case 'lesson': {
      const module = modules.find((candidate) => candidate.lessons.some((lesson) => lesson.id === data.lessonId));
      const lesson = module?.lessons.find((candidate) => candidate.id === data.lessonId);
      if (!module || !lesson) return null;
      return { ...base, kind: 'lesson', title: lesson.title, href: `/modules/${module.id}/lessons/${lesson.id}`, lessons: lessonsOf(module, lesson.id) };
    }
    case 'module': {
      const module = modules.find((candidate) => candidate.id === data.moduleId);
      if (!module) return null;
      return { ...base, kind: 'module', title: `Every lesson of ${module.title}`, href: `/modules/${module.id}`, lessons: lessonsOf(module) };
    }
    case 'quiz': {
      const title = titles.quizzes.get(data.quizId);
      if (title === undefined) return null;
      return { ...base, kind: 'quiz', title: `Pass the quiz "${title}" (${PROGRAM_QUIZ_PASS} % or more)`, href: `/quizzes/${data.quizId}`, quizId: data.quizId };
    }
    case 'mastery': {
      const module = modules.find((candidate) => candidate.id === data.moduleId);
      if (!module) return null;
      const title = `Reach ${data.threshold} % mastery of ${module.title}`;
      return { ...base, kind: 'mastery', title, href: '/review', moduleId: module.id, threshold: data.threshold };
    }
    case 'read':
      return { ...base, kind: 'read', title: data.title, href: data.page, page: data.page };
    case 'practice': {
      const title = titles.scenarios.get(data.scenarioId);
      if (title === undefined) return null;
      const href = `/practice/${data.scenarioId}`;
      return { ...base, kind: 'practice', title: `Practise "${title}" and pass its review`, href, scenarioId: data.scenarioId };
    }
    case 'signoff':
      return { ...base, kind: 'signoff', title: data.title, href: `/plan#item-${data.id}`, instructions: data.instructions };
  }
}

function toProgram(data: ProgramData, modules: readonly Module[], titles: Titles): Program {
  const items = data.items
    .map((item, order) => ({ item: resolveItem(item, modules, titles), order }))
    .filter((entry): entry is { item: ProgramItem; order: number } => entry.item !== null)
    .sort((a, b) => a.item.due - b.item.due || a.order - b.order)
    .map(({ item }) => item);
  const { id, title, role, description, lengthDays, certificate, review } = data;
  return { id, title, role, description, lengthDays, certificate, items, review };
}

const programs = (): Promise<Program[]> =>
  cached('programs', async () => {
    const [entries, modules, quizzes, scenarios] = await Promise.all([getCollection('programs'), getModules(), getQuizzes(), getPracticeScenarios()]);
    const titles = {
      quizzes: new Map(quizzes.map((quiz) => [quiz.id, quiz.title])),
      scenarios: new Map(scenarios.map((scenario) => [scenario.id, scenario.title])),
    };
    return entries.map((entry) => toProgram(entry.data, modules, titles)).sort((a, b) => a.title.localeCompare(b.title));
  });

/** Every program, by title. */
export const getPrograms = (): Promise<Program[]> => programs();

export async function getProgram(id: string): Promise<Program | null> {
  return (await programs()).find((program) => program.id === id) ?? null;
}
