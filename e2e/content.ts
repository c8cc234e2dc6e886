// The committed content as the build's own content check reads it: answer keys for tests that pass a quiz.
import type { Quiz } from '~/server/content/learning';
import { checkContent } from '~/content-check/check';

/** A quiz with its answer key, as content/quizzes holds it. */
export function committedQuiz(id: number): Quiz {
  const { entries } = checkContent(process.cwd());
  const quiz = entries.find((entry) => entry.source.collection === 'quizzes' && entry.parsed['id'] === id);
  if (!quiz) throw new Error(`no quiz ${id} in content/quizzes`);
  return quiz.parsed as unknown as Quiz;
}
