/**
 * Teach before test, checked at build:
 *
 * - in the learning path (modules by `order`, their lessons by `order`), every quiz question's lesson
 *   comes before the quiz lesson that puts the quiz on the path: nothing is asked before it is taught;
 * - in every onboarding program, each required quiz draws its questions only from lessons the program
 *   assigns (a required lesson item, or a required module item holding the lesson), and each quiz,
 *   mastery or sign-off item is due no earlier than the lessons it tests. A mastery item tests the
 *   lessons of its module that questions name; a sign-off tests the lessons of its `lessonIds`.
 *
 * A quiz no lesson points to is off the path (a new quiz from the scaffold): its order is not checked.
 */
import { programItemId, type ProgramItemData } from '~/schemas/programs';
import { describePath } from './describe';
import type { Problem } from './problems';
import type { ParsedEntry } from './schema-check';

interface LessonRow {
  id: number;
  moduleId: number;
  order: number;
  type: string;
  quizId?: number;
  title: string;
}
interface QuizRow {
  entry: ParsedEntry;
  id: number;
  title: string;
  questions: Array<{ id: string; lessonId: number }>;
}

/** The learning content, read from the parsed entries. */
interface Learning {
  lessons: Map<number, LessonRow>;
  quizzes: Map<number, QuizRow>;
  /** Place of each lesson in the learning path (0 = first). */
  place: Map<number, number>;
  /** Place of each quiz: the place of the first quiz lesson that points to it. */
  quizPlace: Map<number, number>;
}

const of = (entries: readonly ParsedEntry[], collection: string) => entries.filter((entry) => entry.source.collection === collection);

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** The path from every entry that has its fields (a lesson whose review date is wrong still has its place). */
function learning(entries: readonly ParsedEntry[]): Learning {
  const moduleOrder = new Map(of(entries, 'modules').map((entry) => [Number(entry.parsed['id']), Number(entry.parsed['order'])]));
  const lessons = of(entries, 'lessons')
    .map((entry) => entry.parsed as unknown as LessonRow)
    .filter((lesson) => isId(lesson.id) && moduleOrder.has(lesson.moduleId) && typeof lesson.order === 'number');
  const path = [...lessons].sort((a, b) => moduleOrder.get(a.moduleId)! - moduleOrder.get(b.moduleId)! || a.order - b.order);
  const place = new Map(path.map((lesson, index) => [lesson.id, index]));
  const quizPlace = new Map<number, number>();
  for (const lesson of path) if (isId(lesson.quizId) && !quizPlace.has(lesson.quizId)) quizPlace.set(lesson.quizId, place.get(lesson.id)!);
  const quizzes = new Map(
    of(entries, 'quizzes').map((entry): [number, QuizRow] => {
      const data = entry.parsed as unknown as Partial<Omit<QuizRow, 'entry'>>;
      const questions = (Array.isArray(data.questions) ? data.questions : []).filter((question) => isId(question?.lessonId));
      return [Number(data.id), { entry, id: Number(data.id), title: String(data.title), questions }];
    }),
  );
  return { lessons: new Map(lessons.map((lesson) => [lesson.id, lesson])), quizzes, place, quizPlace };
}

const at = (entry: ParsedEntry, path: PropertyKey[], message: string, fix: string): Problem => ({
  file: entry.file,
  line: entry.lineOf(path),
  where: describePath({ source: entry.source, id: entry.id, data: entry.data }, path),
  message,
  fix,
});

/** What a testing item is, in words: "quiz 10", "the mastery of module 6", "sign-off deal-review". */
const itemName = (item: ProgramItemData) =>
  item.kind === 'quiz'
    ? `quiz ${item.quizId}`
    : item.kind === 'mastery'
      ? `the mastery of module ${item.moduleId}`
      : `sign-off ${programItemId(item)}`;

const lessonName = (lesson: LessonRow | undefined, id: number) => (lesson ? `lesson ${id} '${lesson.title}'` : `lesson ${id}`);

/** Questions asked in the path before the lesson that teaches them. */
function pathProblems(path: Learning): Problem[] {
  return [...path.quizzes.values()].flatMap((quiz) => {
    const quizAt = path.quizPlace.get(quiz.id);
    if (quizAt === undefined) return [];
    const quizLesson = [...path.lessons.values()].find((lesson) => path.place.get(lesson.id) === quizAt)!;
    return quiz.questions.flatMap((question, index): Problem[] => {
      const taughtAt = path.place.get(question.lessonId);
      if (taughtAt === undefined || taughtAt < quizAt) return [];
      const lesson = path.lessons.get(question.lessonId);
      return [
        at(
          quiz.entry,
          ['questions', index, 'lessonId'],
          `names ${lessonName(lesson, question.lessonId)} (module ${lesson?.moduleId}), which comes after the quiz in the learning path (quiz lesson ${quizLesson.id}, module ${quizLesson.moduleId}): the question is asked before it is taught`,
          'Ask it in a quiz whose quiz lesson comes after the lesson (a new question id there), or move the quiz lesson after it (raise its `order`, or place it in a later module).',
        ),
      ];
    });
  });
}

/** The day each lesson is due in a program: its own lesson item, or the module item that holds it. */
function dueLessons(items: readonly ProgramItemData[], path: Learning): Map<number, number> {
  const due = new Map<number, number>();
  const set = (lessonId: number, day: number) => due.set(lessonId, Math.min(due.get(lessonId) ?? day, day));
  for (const item of items) {
    if (!item.required) continue;
    if (item.kind === 'lesson') set(item.lessonId, item.due);
    if (item.kind === 'module') for (const lesson of path.lessons.values()) if (lesson.moduleId === item.moduleId) set(lesson.id, item.due);
  }
  return due;
}

/** The lessons an item tests: a quiz's questions', the questioned lessons of a mastery's module, a sign-off's own list. */
function testedLessons(item: ProgramItemData, path: Learning): number[] {
  const questioned = [...path.quizzes.values()].flatMap((quiz) => quiz.questions.map((question) => question.lessonId));
  if (item.kind === 'quiz') return [...new Set(path.quizzes.get(item.quizId)?.questions.map((question) => question.lessonId) ?? [])];
  if (item.kind === 'mastery') return [...new Set(questioned)].filter((id) => path.lessons.get(id)?.moduleId === item.moduleId);
  if (item.kind === 'signoff') return item.lessonIds;
  return [];
}

function programProblems(entry: ParsedEntry, path: Learning): Problem[] {
  const items = (entry.parsed['items'] ?? []) as ProgramItemData[];
  const due = dueLessons(items, path);
  return items.flatMap((item, index) => {
    // A lesson that does not exist is reported by ./references.ts, once.
    const tested = testedLessons(item, path)
      .filter((id) => path.lessons.has(id))
      .sort((a, b) => (path.place.get(a) ?? 0) - (path.place.get(b) ?? 0));
    const missing = item.required ? tested.filter((id) => !due.has(id)) : [];
    const late = tested.filter((id) => (due.get(id) ?? -1) > item.due);
    const names = (ids: number[]) => ids.map((id) => lessonName(path.lessons.get(id), id)).join(', ');
    const problems: Problem[] = [];
    if (missing.length > 0)
      problems.push(
        at(
          entry,
          ['items', index],
          `is ${itemName(item)}, which tests ${names(missing)}: the program does not assign ${missing.length === 1 ? 'it' : 'them'}`,
          `Add a required lesson item (or the lesson's module) due on or before day ${item.due}, or test only what the program teaches.`,
        ),
      );
    if (late.length > 0)
      problems.push(
        at(
          entry,
          ['items', index, 'due'],
          `of ${itemName(item)} is day ${item.due}, before ${names(late)} ${late.length === 1 ? 'is' : 'are'} due (day ${Math.max(...late.map((id) => due.get(id)!))}): it tests what is not yet taught`,
          'Make it due on or after the day of the lessons it tests, or make those lessons due earlier.',
        ),
      );
    return problems;
  });
}

/**
 * Every teach-before-test problem: the learning path's quizzes, then each program's items. `withData` is
 * every entry with its parsed data, or its raw data when its schema failed (reported apart), so one wrong
 * field of a lesson does not take it off the path; programs are checked once their schema passes.
 */
export function checkTeachBeforeTest(parsed: readonly ParsedEntry[], withData: readonly ParsedEntry[]): Problem[] {
  const path = learning(withData);
  return [...pathProblems(path), ...of(parsed, 'programs').flatMap((entry) => programProblems(entry, path))];
}
