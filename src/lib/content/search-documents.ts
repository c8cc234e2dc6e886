/**
 * The documents of the header search (SPEC §2 "The search results dropdown"), built from the other
 * content modules: the search service (src/lib/server/services/search.ts) indexes them once per process.
 * Only text a learner can read anyway: titles and names, module descriptions with their lesson titles,
 * segment descriptions and talking points, persona titles, backgrounds and goals, quiz descriptions and
 * question texts. Never quiz options, answer keys (isCorrect) or explanations.
 */
import { getPersonas, getSegments } from './buyers';
import { getModules, getQuizzes } from './learning';

/** Plain documents for the search index, each group ordered by id (module: path order). */
export interface SearchDocuments {
  modules: Array<{ id: number; title: string; description: string; lessonTitles: string[] }>;
  /** One per distinct name, like the segments list. */
  segments: Array<{ id: number; name: string; description: string; talkingPoints: string[] }>;
  personas: Array<{ id: number; name: string; title: string; background: string; goals: string[] }>;
  quizzes: Array<{ id: number; title: string; description: string; questionTexts: string[] }>;
}

export async function getSearchDocuments(): Promise<SearchDocuments> {
  const [modules, segments, personas, quizzes] = await Promise.all([getModules(), getSegments(), getPersonas(), getQuizzes()]);
  return {
    modules: modules.map(({ id, title, description, lessons }) => ({ id, title, description, lessonTitles: lessons.map((lesson) => lesson.title) })),
    segments: segments.map(({ id, name, description, talkingPoints }) => ({ id, name, description, talkingPoints })),
    personas: personas.map(({ id, name, title, background, goals }) => ({ id, name, title, background, goals })),
    quizzes: quizzes.map(({ id, title, description, questions }) => ({ id, title, description, questionTexts: questions.map((question) => question.text) })),
  };
}
