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

  /** The subject's recorded failures (key and time), oldest first: one listing, no reads. */
  async recorded(subject: string): Promise<Array<{ key: string; at: Date }>> {
    const keys = await listKeys(failuresOf(subject));
    return keys.flatMap((blobKey) => {
      const at = parseEventTime(lastSegment(blobKey));
      return at === null ? [] : [{ key: blobKey, at }];
    });
  },

  /** Times of the subject's recorded failures, oldest first. */
  async times(subject: string): Promise<Date[]> {
    return (await signInFailures.recorded(subject)).map((failure) => failure.at);
  },

  /** Removes failures listed by `recorded` (after a successful sign-in): no second listing. */
  async clear(failures: ReadonlyArray<{ key: string }>): Promise<void> {
    await Promise.all(failures.map((failure) => remove(failure.key)));
  },

  /** Removes every subject's failures recorded before a time; answers how many were removed. */
  async removeRecordedBefore(cutoff: Date): Promise<number> {
    const keys = await listKeys('failed-logins/');
    const expired = keys.filter((blobKey) => {
      const time = parseEventTime(lastSegment(blobKey));
      return time !== null && time < cutoff;
    });
    await Promise.all(expired.map(remove));
    return expired.length;
  },
};
