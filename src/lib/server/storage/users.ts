/**
 * User records (`users/<id>`) and the username index (`usernames/<digest of username>` → user id), which
 * makes usernames unique: a user is created by claiming its username first.
 */
import { z } from 'zod';
import { listBlobs, mapLimit, readAll, readJSON, remove, writeJSON } from './blobs';
import { digest, key, lastSegment } from './keys';

const storedUserSchema = z.strictObject({
  id: z.uuid(),
  username: z.string().min(1).max(254),
  name: z.string().min(1).max(120),
  role: z.enum(['admin', 'user']),
  avatar: z.string().max(512).nullable(),
  passwordHash: z.string().min(1),
  disabled: z.boolean(),
  /** Bumped to end every existing session of the user (password change, disable). */
  sessionVersion: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
});
export type StoredUser = z.infer<typeof storedUserSchema>;

const usernameClaimSchema = z.strictObject({ userId: z.uuid() });

const userKey = (id: string) => key('users', id);
const claimKey = (username: string) => key('usernames', digest(username));

export const users = {
  byId: (id: string) => readJSON(userKey(id), storedUserSchema),

  async byUsername(username: string): Promise<StoredUser | null> {
    const claim = await readJSON(claimKey(username), usernameClaimSchema);
    return claim ? users.byId(claim.userId) : null;
  },

  /**
   * Create-only on the username: false when the username is taken. The username is claimed first; if
   * the user record then cannot be written the claim is released, and a claim left behind by an earlier
   * failure (a claim without a user) is taken over, so a failure never locks a name. `alongside` (a
   * journal entry) is written in the same round trip as the user record, once the username is ours.
   */
  async create(user: StoredUser, alongside?: () => Promise<unknown>): Promise<boolean> {
    const claim = claimKey(user.username);
    const claimed = await writeJSON(claim, usernameClaimSchema, { userId: user.id }, { onlyIfNew: true });
    if (!claimed) {
      const existing = await readJSON(claim, usernameClaimSchema);
      if (existing && (await users.byId(existing.userId))) return false;
      await writeJSON(claim, usernameClaimSchema, { userId: user.id });
    }
    // The local emulation does not make onlyIfNew atomic: re-read to confirm this writer won.
    const owner = await readJSON(claim, usernameClaimSchema);
    if (owner?.userId !== user.id) return false;
    const [saved, extra] = await Promise.allSettled([writeJSON(userKey(user.id), storedUserSchema, user), alongside?.()]);
    if (saved.status === 'rejected') {
      await remove(claim).catch(() => undefined);
      throw saved.reason;
    }
    if (extra.status === 'rejected') throw extra.reason;
    return true;
  },

  save: (user: StoredUser) => writeJSON(userKey(user.id), storedUserSchema, user),

  async delete(user: StoredUser): Promise<void> {
    await remove(userKey(user.id));
    await remove(claimKey(user.username));
  },

  list: () => readAll('users/', storedUserSchema),

  /**
   * Several users by id (null where none), up to 64 reads at once: a team's records are few, and the
   * team dashboard reads the new or changed ones in one round trip (docs/decisions.md "Blobs round trips").
   */
  byIds: (ids: readonly string[]) => mapLimit(ids, (id) => users.byId(id), 64),

  /** Every user id with the etag of its record, without reading the records (team-progress name cache). */
  versions: async () => (await listBlobs('users/')).map((blob) => ({ id: lastSegment(blob.key), etag: blob.etag })),
};
