/**
 * Claims that make something about an account unique (`usernames/<digest>`: its username;
 * `username-skeletons/<digest>`: what its username looks like): a create-only key naming the user that
 * holds it. A claim without a user is taken over only when older than a minute (its writer has surely
 * given up), and then only if nobody changed it since it was read (the write is conditional on the etag
 * read). The local Blobs emulation does not make conditional writes atomic, so whoever claims reads the
 * claim back before relying on it (`ownerOf`).
 */
import { z } from 'zod';
import { readJSON, readJSONWithEtag, remove, writeJSON } from '~/server/storage/blobs';

/** `claimedAt` tells a claim still being written (fresh) from one a failure left behind. */
const claimSchema = z.strictObject({ userId: z.uuid(), claimedAt: z.iso.datetime().optional() });

/** A claim without a user is taken over only when older than this. */
const STALE_CLAIM_MS = 60_000;

export const claims = {
  /**
   * Claims the key for a user: true when it is the user's now (new, already the user's, or taken over
   * from a stale claim without a user); false when another user, or a fresh claim, holds it.
   */
  async take(claimKey: string, userId: string, now: Date, userExists: (id: string) => Promise<boolean>): Promise<boolean> {
    const mine = { userId, claimedAt: now.toISOString() };
    if (await writeJSON(claimKey, claimSchema, mine, { onlyIfNew: true })) return true;
    const existing = await readJSONWithEtag(claimKey, claimSchema);
    // Given back meanwhile (or unreadable, when the create-only write fails again).
    if (!existing) return writeJSON(claimKey, claimSchema, mine, { onlyIfNew: true });
    if (existing.value.userId === userId) return true;
    const claimedAt = existing.value.claimedAt ? Date.parse(existing.value.claimedAt) : 0;
    if (!existing.etag || now.getTime() - claimedAt < STALE_CLAIM_MS || (await userExists(existing.value.userId))) return false;
    return writeJSON(claimKey, claimSchema, mine, { onlyIfMatch: existing.etag });
  },

  /** Create-only, nothing more: true when the key was free (a claim that must not cost a round trip more). */
  takeIfFree: (claimKey: string, userId: string, now: Date): Promise<boolean> =>
    writeJSON(claimKey, claimSchema, { userId, claimedAt: now.toISOString() }, { onlyIfNew: true }),

  /** The user holding the claim, or null. */
  ownerOf: async (claimKey: string): Promise<string | null> => (await readJSON(claimKey, claimSchema))?.userId ?? null,

  /** Gives the claim back, if it is the user's. */
  async release(claimKey: string, userId: string): Promise<void> {
    if ((await claims.ownerOf(claimKey)) === userId) await remove(claimKey).catch(() => undefined);
  },
};
