/** Daily challenge answers: create-only per user and 12-hour window (`challenge-answers/<user>/<window>`), so the first answer counts. */
import { z } from 'zod';
import { readAll, readJSON, writeJSON } from './blobs';
import { key, prefix } from './keys';
import { recordsAsJournalEntries } from './activity';

const storedChallengeAnswerSchema = z.strictObject({
  windowId: z.string(),
  questionId: z.string(),
  answerId: z.string(),
  correct: z.boolean(),
  answeredAt: z.iso.datetime(),
});
export type StoredChallengeAnswer = z.infer<typeof storedChallengeAnswerSchema>;

export const challengeAnswers = {
  get: (userId: string, windowId: string) => readJSON(key('challenge-answers', userId, windowId), storedChallengeAnswerSchema),

  /** True when this call stored the answer; false when the user already answered in this window. */
  add: (userId: string, answer: StoredChallengeAnswer) =>
    writeJSON(key('challenge-answers', userId, answer.windowId), storedChallengeAnswerSchema, answer, { onlyIfNew: true }),

  list: (userId: string) => readAll(prefix('challenge-answers', userId), storedChallengeAnswerSchema),

  /** Every user's answers as journal entries (what a team-rollup rebuild reads besides the journal). */
  allAsJournalEntries: () =>
    recordsAsJournalEntries('challenge-answers/', storedChallengeAnswerSchema, (body, [, userId]) =>
      userId ? { userId, at: new Date(body.answeredAt), fact: { kind: 'challenge', windowId: body.windowId } } : null,
    ),
};
