/** Quiz results: one create-only key per submission (`quiz-results/<user>/<eventId>`). */
import { z } from 'zod';
import { readAll, writeJSON } from './blobs';
import { key, prefix } from './keys';
import { recordsAsJournalEntries } from './activity';

const storedQuizResultSchema = z.strictObject({
  id: z.string(),
  quizId: z.string(),
  userId: z.string(),
  score: z.number().int().min(0).max(100),
  correctAnswers: z.number().int().nonnegative(),
  totalQuestions: z.number().int().positive(),
  answers: z.array(z.strictObject({ questionId: z.string(), selectedOptionId: z.string().nullable(), isCorrect: z.boolean() })),
  completedAt: z.iso.datetime(),
});
export type StoredQuizResult = z.infer<typeof storedQuizResultSchema>;

export const quizResults = {
  /** True when this call stored the result (its id is new). */
  add: (result: StoredQuizResult) =>
    writeJSON(key('quiz-results', result.userId, result.id), storedQuizResultSchema, result, { onlyIfNew: true }),

  list: (userId: string) => readAll(prefix('quiz-results', userId), storedQuizResultSchema),

  /** Every user's results as journal entries (what a team-rollup rebuild reads besides the journal). */
  allAsJournalEntries: () =>
    recordsAsJournalEntries('quiz-results/', storedQuizResultSchema, (body, [, userId]) =>
      userId ? { userId, at: new Date(body.completedAt), fact: { kind: 'quiz', quizId: body.quizId } } : null,
    ),
};
