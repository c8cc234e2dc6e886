/**
 * Sign-offs (`program-signoffs/<user>/<programId>/<itemId>`): create-only, so a sign-off sent twice is
 * stored once and keeps who signed first. `journalId` is the id its journal entry was written under, so
 * a retry journals it under the same key.
 */
import { z } from 'zod';
import { listKeys, mapLimit, readJSON, writeJSON } from '~/server/storage/blobs';
import { key, prefix } from '~/server/storage/keys';

const storedSignoffSchema = z.strictObject({
  programId: z.string(),
  itemId: z.string(),
  by: z.strictObject({ id: z.string(), name: z.string() }),
  note: z.string().nullable(),
  at: z.iso.datetime(),
  journalId: z.string(),
});
export type StoredSignoff = z.infer<typeof storedSignoffSchema>;

export const signoffs = {
  /** Create-only: false when the item was already signed off. */
  add: (userId: string, signoff: StoredSignoff) =>
    writeJSON(key('program-signoffs', userId, signoff.programId, signoff.itemId), storedSignoffSchema, signoff, { onlyIfNew: true }),

  get: (userId: string, programId: string, itemId: string) =>
    readJSON(key('program-signoffs', userId, programId, itemId), storedSignoffSchema),

  keys: (userId: string) => listKeys(prefix('program-signoffs', userId)),

  /** The sign-offs of the listed keys. */
  async read(keys: readonly string[]): Promise<StoredSignoff[]> {
    const read = await mapLimit(keys, (blobKey) => readJSON(blobKey, storedSignoffSchema));
    return read.filter((signoff) => signoff !== null);
  },

  /** The items signed off, `programId/itemId`, from the keys alone. */
  async signed(userId: string): Promise<Set<string>> {
    const keys = await listKeys(prefix('program-signoffs', userId));
    return new Set(keys.map((blobKey) => blobKey.split('/').slice(2).join('/')));
  },
};
