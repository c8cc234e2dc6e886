/**
 * Quiz results: one create-only key per submission (`quiz-results/<user>/<eventId>`), and per user a
 * cache of their bodies (`quiz-history/<user>`), so reading a long history costs two round trips, not
 * one more per batch of results: the listing and the cache together, then only the results the cache lacks.
 * The listing is the truth; the cache is rewritten after the answer when it lacked a result, and any
 * reader may rewrite it (last writer wins: every version holds only results that exist).
 */
import { z } from 'zod';
import { inBackground } from '~/server/background';
import { listKeys, mapLimit, readJSON, writeJSON } from '~/server/storage/blobs';
import { key, lastSegment, prefix } from '~/server/storage/keys';
import { recordsAsJournalEntries } from '~/server/journal/journal';

const storedQuizResultSchema = z.strictObject({
  id: z.string(),
  quizId: z.string(),
  userId: z.string(),
  score: z.number().int().min(0).max(100),
  correctAnswers: z.number().int().nonnegative(),
  totalQuestions: z.number().int().nonnegative(),
  /** Each with the revision of the question answered (results from before revisions have none: revision 1). */
  answers: z.array(
    z.strictObject({
      questionId: z.string(),
      selectedOptionId: z.string().nullable(),
      isCorrect: z.boolean().optional(),
      heldBack: z.literal(true).optional(),
      revision: z.number().int().positive().optional(),
    }),
  ),
  completedAt: z.iso.datetime(),
});
export type StoredQuizResult = z.infer<typeof storedQuizResultSchema>;

const quizHistorySchema = z.strictObject({ results: z.array(storedQuizResultSchema) });

/** Every result of a user, oldest key first: the cached ones plus those written since the cache was. */
async function listWithHistory(userId: string): Promise<StoredQuizResult[]> {
  const historyKey = key('quiz-history', userId);
  const [keys, history] = await Promise.all([listKeys(prefix('quiz-results', userId)), readJSON(historyKey, quizHistorySchema)]);
  const cached = new Map((history?.results ?? []).map((result) => [result.id, result]));
  const uncached = keys.filter((blobKey) => !cached.has(lastSegment(blobKey)));
  // Usually none or a few (results since the cache was written); up to 64 at once when it is empty.
  const read = await mapLimit(uncached, (blobKey) => readJSON(blobKey, storedQuizResultSchema), 64);
  for (const result of read) if (result) cached.set(result.id, result);
  const results = keys.map((blobKey) => cached.get(lastSegment(blobKey))).filter((result) => result !== undefined);
  if (read.some((result) => result !== null) || results.length !== (history?.results.length ?? 0)) {
    inBackground('quiz history cache', () => writeJSON(historyKey, quizHistorySchema, { results }));
  }
  return results;
}

export const quizResults = {
  /** True when this call stored the result (its id is new). */
  add: (result: StoredQuizResult) =>
    writeJSON(key('quiz-results', result.userId, result.id), storedQuizResultSchema, result, { onlyIfNew: true }),

  list: listWithHistory,

  /** The ids of a user's results, from the keys alone (where a retried submission finds its first try). */
  ids: async (userId: string): Promise<string[]> => (await listKeys(prefix('quiz-results', userId))).map(lastSegment),

  /** Every user's results as journal entries (what a team-rollup rebuild reads besides the journal). */
  allAsJournalEntries: () =>
    recordsAsJournalEntries('quiz-results/', storedQuizResultSchema, (body, [, userId]) =>
      userId ? { userId, at: new Date(body.completedAt), fact: { kind: 'quiz', quizId: body.quizId, score: body.score } } : null,
    ),
};
