/**
 * Learning content (content/modules, content/lessons, content/quizzes): lessons with their computed
 * minutes (./reading-time.ts: words, knowledge checks, quiz questions), modules with the sum of their
 * lessons' minutes and their lessonCount, lessons with their rendered MDX, and quizzes WITH their answer
 * keys — server only: services strip the keys before anything reaches a browser.
 */
import { getCollection, getEntry, render } from 'astro:content';
import type { Review } from '~/schemas/common';
import type { Quiz as QuizData } from '~/schemas/learning';
import type { LessonType } from '~/shared/vocabulary';
import { materialRevisionOf } from '~/shared/learning/revisions';
import { cached } from './cache';
import { lessonMinutes } from './reading-time';

/** A lesson as module lists show it. */
interface LessonSummary {
  id: number;
  title: string;
  type: LessonType;
  /** Minutes, computed from the lesson's words and knowledge checks (./reading-time.ts), never typed. */
  duration: number;
  order: number;
  /** Its revision (content/README.md "Revisions"); 1 when left out. */
  revision?: number | undefined;
  /** The revision of its latest material change: completions of earlier revisions no longer count. 1 when left out. */
  materialRevision?: number | undefined;
  /** The note of its latest change, shown to those whose completion it reopened. */
  changeNote?: string | null | undefined;
  /** The quiz a quiz lesson points to. */
  quizId?: number | null | undefined;
}

/** A learning module with its ordered lessons; duration and lessonCount are derived from them. */
export interface Module {
  id: number;
  title: string;
  description: string;
  /** Minutes: the sum of the lesson durations. */
  duration: number;
  lessonCount: number;
  order: number;
  lessons: LessonSummary[];
  /** Owner and review dates of the module entry. */
  review: Review;
  /** The placement check's pass mark (percent). */
  placementPass: number;
}

interface LessonDetail extends LessonSummary {
  moduleId: number;
  review: Review;
  videoUrl: string | null;
}

/** A rendered MDX body, to place with `<Content components={mdxComponents} />`. */
export type RenderedContent = Awaited<ReturnType<typeof render>>['Content'];

/** One lesson ready to read: its module, neighbours in the module and the rendered MDX body. */
export interface LessonPage {
  module: Module;
  lesson: LessonDetail;
  previous: LessonSummary | null;
  next: LessonSummary | null;
  Content: RenderedContent;
}

/** A quiz WITH its answer key (`isCorrect`): never pass it to an island or a response as is. */
export type Quiz = QuizData;

/** The placement check's pass mark of a module that names none. */
const PLACEMENT_PASS = 80;

const byOrderThenId = (a: { order: number; id: number }, b: { order: number; id: number }) => a.order - b.order || a.id - b.id;

/** A lesson's or module's raw MDX body, for the search documents (src/server/content/search-documents.ts). */
export interface SourceText {
  id: number;
  /** The lesson's module (a module: its own id). */
  moduleId: number;
  title: string;
  body: string;
}

interface Learning {
  modules: Module[];
  /** Raw MDX bodies: lessons in module and lesson order, then module introductions. */
  lessonBodies: SourceText[];
  moduleBodies: SourceText[];
  modulesById: Map<number, Module>;
  lessonsById: Map<number, LessonDetail>;
  quizzes: Quiz[];
  quizzesById: Map<number, Quiz>;
}

function toModule(
  data: { id: number; title: string; description: string; order: number; review: Review; placementPass?: number | undefined },
  lessons: readonly LessonDetail[],
): Module {
  const own = lessons
    .filter((lesson) => lesson.moduleId === data.id)
    .sort(byOrderThenId)
    .map(({ id, title, type, duration, order, revision, materialRevision, changeNote, quizId }) => ({
      id,
      quizId,
      title,
      type,
      duration,
      order,
      revision,
      materialRevision,
      changeNote,
    }));
  return {
    id: data.id,
    title: data.title,
    description: data.description,
    order: data.order,
    duration: own.reduce((sum, lesson) => sum + lesson.duration, 0),
    lessonCount: own.length,
    lessons: own,
    review: data.review,
    placementPass: data.placementPass ?? PLACEMENT_PASS,
  };
}

const learning = (): Promise<Learning> =>
  cached('learning', async () => {
    const [moduleEntries, lessonEntries, quizEntries] = await Promise.all([getCollection('modules'), getCollection('lessons'), getCollection('quizzes')]);
    const quizzes = quizEntries.map(({ data }) => data).sort((a, b) => a.id - b.id);
    const questionCount = new Map(quizzes.map((quiz) => [quiz.id, quiz.questions.length]));
    const lessons: LessonDetail[] = lessonEntries.map(({ data, body }) => ({
      id: data.id,
      moduleId: data.moduleId,
      order: data.order,
      title: data.title,
      type: data.type,
      duration: lessonMinutes(body ?? '', data.type === 'quiz' && data.quizId !== undefined ? (questionCount.get(data.quizId) ?? 0) : 0),
      videoUrl: data.videoUrl ?? null,
      quizId: data.quizId ?? null,
      review: data.review,
      revision: data.revision ?? 1,
      materialRevision: materialRevisionOf(data),
      changeNote: data.changeNote ?? null,
    }));
    const modules = moduleEntries.map(({ data }) => toModule(data, lessons)).sort(byOrderThenId);
    const bodyOf = new Map(lessonEntries.map(({ data, body }) => [data.id, body ?? '']));
    return {
      modules,
      lessonBodies: modules.flatMap((module) =>
        module.lessons.map(({ id, title }) => ({ id, moduleId: module.id, title, body: bodyOf.get(id) ?? '' })),
      ),
      moduleBodies: moduleEntries.map(({ data, body }) => ({ id: data.id, moduleId: data.id, title: data.title, body: body ?? '' })),
      modulesById: new Map(modules.map((module) => [module.id, module])),
      lessonsById: new Map(lessons.map((lesson) => [lesson.id, lesson])),
      quizzes,
      quizzesById: new Map(quizzes.map((quiz) => [quiz.id, quiz])),
    };
  });

/** Every module in learning-path order, each with its ordered lessons. */
export async function getModules(): Promise<Module[]> {
  return (await learning()).modules;
}

/** Every lesson's raw MDX body (module order, then lesson order), and every module introduction's. */
export async function getLearningTexts(): Promise<{ lessons: SourceText[]; modules: SourceText[] }> {
  const { lessonBodies, moduleBodies } = await learning();
  return { lessons: lessonBodies, modules: moduleBodies };
}

/** One module, or null when no module has that id. */
export async function getModule(id: number): Promise<Module | null> {
  return (await learning()).modulesById.get(id) ?? null;
}

/** The module's rendered introduction (its MDX body), or null when it has none. */
export async function getModuleIntro(id: number): Promise<RenderedContent | null> {
  if (!(await learning()).modulesById.has(id)) return null; // only real modules are kept below
  // Kept per module: Astro's render() imports the entry's module and builds an error object on every
  // call, ~1 ms of CPU a request for the same component.
  return cached(`module-intro/${id}`, async () => {
    const entry = await getEntry('modules', String(id));
    if (!entry || entry.data.id !== id || !entry.body?.trim()) return null;
    return (await render(entry)).Content;
  });
}

/** One lesson of one module with its rendered MDX body, or null when it is not part of that module. */
export async function getLesson(moduleId: number, lessonId: number): Promise<LessonPage | null> {
  const index = await learning();
  const module = index.modulesById.get(moduleId);
  const lesson = index.lessonsById.get(lessonId);
  if (!module || !lesson || lesson.moduleId !== moduleId) return null;
  const Content = await cached(`lesson-body/${lessonId}`, async () => {
    const entry = await getEntry('lessons', String(lessonId));
    return entry && entry.data.id === lessonId ? (await render(entry)).Content : null;
  });
  if (!Content) return null;
  const position = module.lessons.findIndex((item) => item.id === lessonId);
  return { module, lesson, previous: module.lessons[position - 1] ?? null, next: module.lessons[position + 1] ?? null, Content };
}

/** Every quiz by id, WITH answer keys (server side only). */
export async function getQuizzes(): Promise<Quiz[]> {
  return (await learning()).quizzes;
}

/** One quiz WITH its answer key (server side only), or null. */
export async function getQuiz(id: number): Promise<Quiz | null> {
  return (await learning()).quizzesById.get(id) ?? null;
}
