/**
 * Failed sign-ins, for throttling (`failed-logins/<digest of subject>/<eventId>`): one key per failure
 * with the time in the key, so counting a subject's recent failures is one listing and no reads.
 */
import { z } from 'zod';
import { listKeys, remove, writeJSON } from './blobs';
import { digest, eventId, key, lastSegment, parseEventTime, prefix } from './keys';

const failuresOf = (subject: string) => prefix('failed-logins', digest(subject));

export const signInFailures = {
  async record(subject: string, at: Date): Promise<void> {
    await writeJSON(key('failed-logins', digest(subject), eventId(at)), z.strictObject({}), {});
  },

  /** Times of the subject's recorded failures, oldest first. */
  async times(subject: string): Promise<Date[]> {
    const keys = await listKeys(failuresOf(subject));
    return keys.map((blobKey) => parseEventTime(lastSegment(blobKey))).filter((time): time is Date => time !== null);
  },

  /** Removes the subject's failures (all, or those older than a time). */
  async clear(subject: string, olderThan?: Date): Promise<void> {
    const keys = await listKeys(failuresOf(subject));
    const expired = keys.filter((blobKey) => {
      if (!olderThan) return true;
      const time = parseEventTime(lastSegment(blobKey));
      return time !== null && time < olderThan;
    });
    await Promise.all(expired.map(remove));
  },
};
