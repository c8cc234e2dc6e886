/**
 * Recordings (`practice-recordings/<user>/<scenarioId>/<attemptId>`): the bytes as the browser sent them,
 * written once. Deletion is planned when the attempt is reviewed: `practice-recording-expiry/<day>/<user>/<scenarioId>/<attemptId>` (a segment each: joined they may pass a segment's 128 characters)
 * names the recordings to delete on or after that day, so the daily cleanup lists only those.
 */
import { listKeys, readBytes, remove, writeBytes } from '~/server/storage/blobs';
import { key } from '~/server/storage/keys';
import type { AttemptRef } from './attempts';

const recordingKey = (ref: AttemptRef) => key('practice-recordings', ref.userId, ref.scenarioId, ref.attemptId);

export const recordings = {
  add: (ref: AttemptRef, bytes: Uint8Array) => writeBytes(recordingKey(ref), bytes),
  get: (ref: AttemptRef) => readBytes(recordingKey(ref)),
  remove: (ref: AttemptRef) => remove(recordingKey(ref)),

  /** Plans the deletion of a recording on `day` (YYYY-MM-DD). */
  planDeletion: async (ref: AttemptRef, day: string) => {
    await writeBytes(key('practice-recording-expiry', day, ref.userId, ref.scenarioId, ref.attemptId), new Uint8Array());
  },

  /** The recordings whose deletion day is `day` or earlier, with the key of each plan. */
  async dueForDeletion(day: string): Promise<Array<{ ref: AttemptRef; planKey: string }>> {
    const keys = await listKeys('practice-recording-expiry/');
    return keys.flatMap((planKey) => {
      const [, due, userId, scenarioId, attemptId] = planKey.split('/');
      return due && userId && scenarioId && attemptId && due <= day ? [{ ref: { userId, scenarioId, attemptId }, planKey }] : [];
    });
  },

  removePlan: (planKey: string) => remove(planKey),
};
