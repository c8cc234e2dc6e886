/**
 * What other domains read of learning records (a plan's evidence, the review state, a team-rollup rebuild):
 * through this module, never through the learning domain's storage. It reads records only, without the
 * content, so the scheduled functions that fold them stay free of the content collections.
 */
import { placement } from './storage/placement';
import { progress } from './storage/progress';
import { quizResults, type StoredQuizResult } from './storage/quiz-results';

/** The keys of a person's completed lessons, for `lessonCompletionTimes` (a plan reads them in two round trips). */
export const lessonCompletionKeys = (userId: string): Promise<string[]> => progress.completionKeys(userId);

/** When each listed completion was made, by key. */
export const lessonCompletionTimes = (keys: readonly string[]): Promise<Map<string, Date>> => progress.completionTimes(keys);

/** A person's completed lessons, each with its module and revision. */
export const completedLessons = (userId: string) => progress.completedLessons(userId);

/** A person's stored quiz results, as recorded (a submission sent twice may be there twice). */
export const quizResultsOf = (userId: string): Promise<StoredQuizResult[]> => quizResults.list(userId);

/** Every person's lesson completions as journal entries (what a team-rollup rebuild reads besides the journal). */
export const lessonCompletionsAsJournalEntries = () => progress.allAsJournalEntries();

/** Every person's quiz results as journal entries (likewise). */
export const quizResultsAsJournalEntries = () => quizResults.allAsJournalEntries();

/** Which modules' placement checks a person took, from one listing (the first half of `testedOutLessons`). */
export const placementKeysOf = (userId: string): Promise<number[]> => placement.modules(userId);

/** The lessons passed placement checks of these modules completed, keyed `moduleId/lessonId`. */
export async function testedOutLessons(userId: string, moduleIds: readonly number[]): Promise<Set<string>> {
  const read = await placement.results(userId, moduleIds);
  return new Set(
    read.flatMap(({ moduleId, results }) => results.flatMap((result) => result.testedOut.map((lessonId) => `${moduleId}/${lessonId}`))),
  );
}
