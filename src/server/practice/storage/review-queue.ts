/**
 * The review queue (`practice-waiting/<queueId>/<user>/<scenarioId>/<attemptId>`): one empty marker per
 * attempt sent for review, removed when it is reviewed or deleted. Queue ids are event ids, so the keys
 * list oldest first and the count of attempts waiting is one listing.
 */
import { listKeys, remove, writeBytes } from '~/server/storage/blobs';
import { key } from '~/server/storage/keys';
import type { AttemptRef } from './attempts';

// One segment each: joined by dots, an account id, a long scenario id and two event ids pass the 128 characters a segment may have.
const markerKey = (queueId: string, ref: AttemptRef) => key('practice-waiting', queueId, ref.userId, ref.scenarioId, ref.attemptId);

export const reviewQueue = {
  add: (queueId: string, ref: AttemptRef) => writeBytes(markerKey(queueId, ref), new Uint8Array()),
  remove: (queueId: string, ref: AttemptRef) => remove(markerKey(queueId, ref)),

  /** Every attempt waiting, oldest first. */
  async waiting(): Promise<Array<{ queueId: string; ref: AttemptRef }>> {
    const keys = await listKeys('practice-waiting/');
    return keys
      .flatMap((blobKey) => {
        const [, queueId, userId, scenarioId, attemptId] = blobKey.split('/');
        return queueId && userId && scenarioId && attemptId ? [{ queueId, ref: { userId, scenarioId, attemptId } }] : [];
      })
      .sort((a, b) => (a.queueId < b.queueId ? -1 : 1));
  },
};
