/**
 * The pages each person has read (`page-reads/<user>/<path segment>`): the first visit of each page, kept
 * per person so their plan finds its "read" items in one listing (the journal is kept by time for the
 * whole team). Create-only: the first visit's time stays.
 */
import { z } from 'zod';
import { listKeys, mapLimit, readJSON, writeJSON } from '~/server/storage/blobs';
import { key, pathSegment, prefix } from '~/server/storage/keys';

const storedPageReadSchema = z.strictObject({ pagePath: z.string(), firstReadAt: z.iso.datetime() });

/**
 * Whether a page can be a plan's "read" item, so its first visit is kept: any page but the home page, of at
 * most 48 characters (a person's page under /team-progress is longer, and never a plan item). Short, since
 * the journal's key carries it beside an event id and a user id.
 */
export const isReadablePage = (pagePath: string): boolean => pagePath !== '/' && /^\/[a-z0-9/-]{1,47}$/.test(pagePath);

export const pageReads = {
  /** Records the first visit of a page (a later visit changes nothing). */
  async add(userId: string, pagePath: string, at: Date): Promise<void> {
    if (!isReadablePage(pagePath)) return;
    await writeJSON(
      key('page-reads', userId, pathSegment(pagePath)),
      storedPageReadSchema,
      { pagePath, firstReadAt: at.toISOString() },
      { onlyIfNew: true },
    );
  },

  /** The keys of a person's page reads (the first half of `times`). */
  keys: (userId: string) => listKeys(prefix('page-reads', userId)),

  /** The pages of the listed keys, with the time of the first visit. */
  async times(keys: readonly string[]): Promise<Map<string, Date>> {
    const reads = await mapLimit(keys, (blobKey) => readJSON(blobKey, storedPageReadSchema), 64);
    return new Map(reads.flatMap((read) => (read ? [[read.pagePath, new Date(read.firstReadAt)] as const] : [])));
  },
};
