/**
 * What a rep is told of their reviews (`practice-notices/<user>/<reviewed event id>.<scenarioId>.<outcome>.<attemptId>`):
 * one empty marker per review, so the home page and the digest list them from the keys alone. A notice the
 * rep has read (they opened the attempt) gets `practice-notices-seen/<user>/<attemptId>`.
 */
import { listKeys, writeBytes } from '~/server/storage/blobs';
import { eventId, key, lastSegment, parseEventTime, prefix } from '~/server/storage/keys';
import type { AttemptRef } from './attempts';

export interface ReviewNotice {
  ref: AttemptRef;
  passed: boolean;
  reviewedAt: Date;
}

export const reviewNotices = {
  add: (ref: AttemptRef, passed: boolean, at: Date) =>
    writeBytes(key('practice-notices', ref.userId, `${eventId(at)}.${ref.scenarioId}.${passed ? 'passed' : 'try-again'}.${ref.attemptId}`), new Uint8Array()),

  markSeen: (ref: AttemptRef) => writeBytes(key('practice-notices-seen', ref.userId, ref.attemptId), new Uint8Array()),

  /** The person's notices reviewed at or after `since`, newest first, and whether each was read. */
  async since(userId: string, since: Date): Promise<Array<ReviewNotice & { seen: boolean }>> {
    const [keys, seenKeys] = await Promise.all([listKeys(prefix('practice-notices', userId)), listKeys(prefix('practice-notices-seen', userId))]);
    const seen = new Set(seenKeys.map(lastSegment));
    return keys
      .flatMap((blobKey) => {
        const [id, scenarioId, outcome, attemptId] = lastSegment(blobKey).split('.');
        const reviewedAt = id === undefined ? null : parseEventTime(id);
        if (!reviewedAt || !scenarioId || !attemptId || reviewedAt.getTime() < since.getTime()) return [];
        return [{ ref: { userId, scenarioId, attemptId }, passed: outcome === 'passed', reviewedAt, seen: seen.has(attemptId) }];
      })
      .sort((a, b) => b.reviewedAt.getTime() - a.reviewedAt.getTime());
  },
};
