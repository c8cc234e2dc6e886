/**
 * Practice attempts (`practice-attempts/<user>/<scenarioId>/<attemptId>`): one record per answer, written
 * when the rep answers and changed in place when they send it for review, when it is reviewed and when its
 * recording is deleted; every change is conditional on the etag read, so two writers never lose one another.
 * Listing a person's keys tells which scenarios they tried, and the latest attempt of each, without reading bodies.
 */
import { z } from 'zod';
import { listKeys, readJSONWithEtag, remove, writeJSON } from '~/server/storage/blobs';
import { key, prefix } from '~/server/storage/keys';

const marksSchema = z.record(z.string(), z.boolean());

const storedAttemptSchema = z.strictObject({
  attemptId: z.string(),
  scenarioId: z.string(),
  kind: z.enum(['text', 'audio']),
  createdAt: z.iso.datetime(),
  text: z.string().optional(),
  feedback: z.array(z.strictObject({ itemId: z.string(), found: z.boolean(), evidence: z.array(z.string()) })),
  /** A recording: its type and length; `deletedAt` once the cleanup removed the bytes. */
  audio: z
    .strictObject({
      contentType: z.string(),
      bytes: z.number().int().nonnegative(),
      durationSeconds: z.number().nonnegative().nullable(),
      deletedAt: z.iso.datetime().optional(),
    })
    .optional(),
  selfCheck: marksSchema.optional(),
  /** Sent for review: when, and the id of its place in the review queue. */
  submittedAt: z.iso.datetime().optional(),
  queueId: z.string().optional(),
  review: z
    .strictObject({
      marks: marksSchema,
      comment: z.string(),
      passed: z.boolean(),
      reviewer: z.strictObject({ id: z.string(), name: z.string() }),
      reviewedAt: z.iso.datetime(),
    })
    .optional(),
});
export type StoredAttempt = z.infer<typeof storedAttemptSchema>;

/** Where an attempt lives: whose, of which scenario, which. */
export interface AttemptRef {
  userId: string;
  scenarioId: string;
  attemptId: string;
}

const attemptKey = (ref: AttemptRef) => key('practice-attempts', ref.userId, ref.scenarioId, ref.attemptId);

export const attempts = {
  /** Create-only. */
  add: (userId: string, attempt: StoredAttempt) =>
    writeJSON(attemptKey({ userId, scenarioId: attempt.scenarioId, attemptId: attempt.attemptId }), storedAttemptSchema, attempt, {
      onlyIfNew: true,
    }),

  get: (ref: AttemptRef) => readJSONWithEtag(attemptKey(ref), storedAttemptSchema),

  /** Writes a change over the version read (its etag): false when somebody changed it since. */
  replace: (ref: AttemptRef, attempt: StoredAttempt, etag: string) =>
    writeJSON(attemptKey(ref), storedAttemptSchema, attempt, { onlyIfMatch: etag }),

  remove: (ref: AttemptRef) => remove(attemptKey(ref)),

  /** A person's attempts from the keys alone, oldest first per scenario (attempt ids sort by time). */
  async refs(userId: string): Promise<AttemptRef[]> {
    const keys = await listKeys(prefix('practice-attempts', userId));
    return keys
      .map((blobKey) => {
        const [, owner, scenarioId, attemptId] = blobKey.split('/');
        return { userId: owner!, scenarioId: scenarioId!, attemptId: attemptId! };
      })
      .sort((a, b) => (a.attemptId < b.attemptId ? -1 : 1));
  },
};
