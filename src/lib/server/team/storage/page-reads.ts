/**
 * The pages each person has read (`page-reads/<user>/<page code>`): the first visit of each page, kept
 * per person so their plan finds its "read" items in one listing (the journal is kept by time for the
 * whole team). Create-only: the first visit's time stays.
 */
import { z } from 'zod';
import { listKeys, mapLimit, readJSON, writeJSON } from '~/lib/server/storage/blobs';
import { key, prefix } from '~/lib/server/storage/keys';

const storedPageReadSchema = z.strictObject({ pagePath: z.string(), firstReadAt: z.iso.datetime() });

/**
 * A page path as one key segment: `/personas/3` → `personas:3`; null for the home page, an unsafe path or
 * one longer than 48 characters (a person's page under /team-progress: never a plan item). Short, since the
 * journal's key carries it beside an event id and a user id.
 */
export function pageCode(pagePath: string): string | null {
  const code = pagePath.replace(/^\/+|\/+$/g, '').replaceAll('/', ':');
  return /^[a-z0-9][a-z0-9:-]{0,47}$/.test(code) ? code : null;
}

/** The page path of a page code. */
export const pagePathOf = (code: string): string => `/${code.replaceAll(':', '/')}`;

export const pageReads = {
  /** Records the first visit of a page (a later visit changes nothing). */
  async add(userId: string, pagePath: string, at: Date): Promise<void> {
    const code = pageCode(pagePath);
    if (code === null) return;
    await writeJSON(
      key('page-reads', userId, code),
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
