// Search places of the learning path: modules and quizzes (spec groups), and every lesson section.
import { getLearningTexts, getModules, getQuizzes, type Module } from '../learning';
import { textSections } from '~/shared/lesson-text';
import { lines, type SearchPlace } from './place';

function modulePlaces(modules: Module[], intros: Map<number, string>): SearchPlace[] {
  return modules.map((module) => ({
    group: 'modules',
    item: String(module.id),
    title: module.title,
    context: `${module.lessonCount} lessons · ${module.duration} min`,
    names: [module.title],
    text: lines(
      module.description,
      textSections(intros.get(module.id) ?? '').map((section) => lines(section.heading, section.text)),
      module.lessons.map((lesson) => lesson.title),
    ),
    href: `/modules/${module.id}`,
  }));
}

/** One place per section of every lesson; the lesson's title is an exact name of its first place only. */
function lessonPlaces(modules: Module[], lessons: Awaited<ReturnType<typeof getLearningTexts>>['lessons']): SearchPlace[] {
  const moduleTitle = new Map(modules.map((module) => [module.id, module.title]));
  return lessons.flatMap((lesson) =>
    textSections(lesson.body).map((section, index): SearchPlace => {
      const path = `/modules/${lesson.moduleId}/lessons/${lesson.id}`;
      return {
        group: 'lessons',
        item: String(lesson.id),
        title: lesson.title,
        context: moduleTitle.get(lesson.moduleId) ?? '',
        ...(index === 0 ? { names: [lesson.title] } : {}),
        ...(section.heading ? { heading: section.heading } : {}),
        text: section.text,
        href: section.anchor ? `${path}#${section.anchor}` : path,
      };
    }),
  );
}

/** Quizzes by their description and question texts: never options, answer keys or explanations. */
async function quizPlaces(): Promise<SearchPlace[]> {
  return (await getQuizzes()).map((quiz) => ({
    group: 'quizzes',
    item: String(quiz.id),
    title: quiz.title,
    context: `Quiz · ${quiz.questions.length} questions`,
    names: [quiz.title],
    text: lines(
      quiz.description,
      quiz.questions.map((question) => question.text),
    ),
    href: `/quizzes/${quiz.id}`,
  }));
}

export async function learningPlaces(): Promise<SearchPlace[]> {
  const [modules, texts, quizzes] = await Promise.all([getModules(), getLearningTexts(), quizPlaces()]);
  const intros = new Map(texts.modules.map((module) => [module.id, module.body]));
  return [...modulePlaces(modules, intros), ...lessonPlaces(modules, texts.lessons), ...quizzes];
}
