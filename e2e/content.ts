// The committed content as the build's own content check reads it: answer keys for tests that pass a quiz,
// and the pages of every lesson, persona and segment for tests that walk them all.
import type { Quiz } from '~/server/content/learning';
import { checkContent } from '~/content-check/check';

let entries: ReturnType<typeof checkContent>['entries'] | null = null;
const committed = () => (entries ??= checkContent(process.cwd()).entries);
const parsedOf = (collection: string) =>
  committed()
    .filter((entry) => entry.source.collection === collection)
    .map((entry) => entry.parsed);

/** A quiz with its answer key, as content/quizzes holds it. */
export function committedQuiz(id: number): Quiz {
  const quiz = parsedOf('quizzes').find((parsed) => parsed['id'] === id);
  if (!quiz) throw new Error(`no quiz ${id} in content/quizzes`);
  return quiz as unknown as Quiz;
}

/** The page of every lesson, persona and buyer segment. */
export function contentPages(): string[] {
  return [
    ...parsedOf('lessons').map((lesson) => `/modules/${String(lesson['moduleId'])}/lessons/${String(lesson['id'])}`),
    ...parsedOf('personas').map((persona) => `/personas/${String(persona['id'])}`),
    ...parsedOf('segments').map((segment) => `/buyer-segments/${String(segment['id'])}`),
  ];
}
