/**
 * The daily cleanup of recordings (netlify/functions/tidy-usage-logs.mts): a recording is deleted 90 days
 * after its review; the attempt keeps its marks and comment and says the recording is gone. Apart from the
 * practice service because a scheduled function has no content collections to load.
 */
import { attempts } from './storage/attempts';
import { recordings } from './storage/recordings';

/** Deletes the recordings planned for deletion on or before today; answers how many. */
export async function deleteExpiredRecordings(now: Date): Promise<number> {
  const due = await recordings.dueForDeletion(now.toISOString().slice(0, 10));
  for (const { ref, planKey } of due) {
    await recordings.remove(ref);
    const stored = await attempts.get(ref);
    if (stored?.value.audio && stored.value.audio.deletedAt === undefined) {
      const audio = { ...stored.value.audio, deletedAt: now.toISOString() };
      // A review written meanwhile wins: the bytes are gone either way, and reading them answers 404.
      await attempts.replace(ref, { ...stored.value, audio }, stored.etag);
    }
    await recordings.removePlan(planKey);
  }
  return due.length;
}
