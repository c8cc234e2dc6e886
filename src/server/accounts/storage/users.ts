/**
 * User records (`users/<id>`) and the username index (`usernames/<digest of username>` → user id), which
 * makes usernames unique: a user is created by claiming its username first.
 */
import { z } from 'zod';
import { listBlobs, mapLimit, readAll, readJSON, readJSONWithEtag, remove, writeJSON } from '~/server/storage/blobs';
import { digest, key, lastSegment } from '~/server/storage/keys';
import { storedUserSchema, type StoredUser } from '../user-record';

/** A username claim; `claimedAt` tells a claim still being written (fresh) from one a failure left behind. */
const usernameClaimSchema = z.strictObject({ userId: z.uuid(), claimedAt: z.iso.datetime().optional() });

/** A claim without a user is taken over only when older than this (its writer has surely given up). */
const STALE_CLAIM_MS = 60_000;
/** Read when a username has no claim, so an unknown username costs the same reads as a known one. */
const DECOY_USER_ID = '00000000-0000-4000-8000-000000000000';

/** Whose a username is (null: nobody's), as `users.claimOf` read it. */
export interface UsernameClaim {
  userId: string | null;
}

const userKey = (id: string) => key('users', id);
const claimKey = (username: string) => key('usernames', digest(username));

export const users = {
  byId: (id: string) => readJSON(userKey(id), storedUserSchema),

  /**
   * The user of a username: two reads in sequence (claim, then user), and the same two for an unknown
   * username (the second one of a user id that never exists), so timing does not tell which names exist.
   */
  async byUsername(username: string): Promise<StoredUser | null> {
    return (await users.byUsernameForUpdate(username))?.value ?? null;
  },

  /** `byUsername` with the record's etag (sign-in replaces an outdated password hash with it). */
  async byUsernameForUpdate(username: string): Promise<{ value: StoredUser; etag: string } | null> {
    return users.userOfClaim(await users.claimOf(username));
  },

  /**
   * The first of `byUsernameForUpdate`'s two reads, for a caller that runs each beside other work
   * (sign-in: the claim with the attempt records, the user with the attempt counts).
   */
  claimOf: async (username: string): Promise<UsernameClaim> => ({
    userId: (await readJSON(claimKey(username), usernameClaimSchema))?.userId ?? null,
  }),

  /** The second: the claim's user record with its etag; for no claim, the decoy's read and null. */
  async userOfClaim({ userId }: UsernameClaim): Promise<{ value: StoredUser; etag: string } | null> {
    const user = await readJSONWithEtag(userKey(userId ?? DECOY_USER_ID), storedUserSchema);
    return userId === null ? null : user;
  },

  /** A user record with its etag, for an update that must not undo a concurrent one (`update`). */
  byIdForUpdate: (id: string) => readJSONWithEtag(userKey(id), storedUserSchema),

  /**
   * Create-only on the username: false when the username is taken. Three steps (`claimUsername`,
   * `ownsClaim`, `saveNew`), which registration interleaves with its invite-code throttle.
   */
  async create(user: StoredUser, now: Date = new Date()): Promise<boolean> {
    if (!(await users.claimUsername(user, now)) || !(await users.ownsClaim(user))) return false;
    await users.saveNew(user);
    return true;
  },

  /**
   * Claims the username for a new user (create-only): false when it is taken. A claim left behind by a
   * failure (no user, older than a minute) is taken over, so a failure never locks a name, but a
   * registration still writing its user is never overtaken.
   */
  async claimUsername(user: StoredUser, now: Date): Promise<boolean> {
    const claim = claimKey(user.username);
    const mine = { userId: user.id, claimedAt: now.toISOString() };
    if (await writeJSON(claim, usernameClaimSchema, mine, { onlyIfNew: true })) return true;
    const existing = await readJSON(claim, usernameClaimSchema);
    const claimedAt = existing?.claimedAt ? Date.parse(existing.claimedAt) : 0;
    if (existing && (now.getTime() - claimedAt < STALE_CLAIM_MS || (await users.byId(existing.userId)))) return false;
    await writeJSON(claim, usernameClaimSchema, mine);
    return true;
  },

  /** Whether the claim is this user's: read back, since the local emulation does not make create-only writes atomic. */
  async ownsClaim(user: StoredUser): Promise<boolean> {
    return (await readJSON(claimKey(user.username), usernameClaimSchema))?.userId === user.id;
  },

  /** Writes a claimed user's record; if it cannot be written, the claim is released. */
  async saveNew(user: StoredUser): Promise<void> {
    await writeJSON(userKey(user.id), storedUserSchema, user).catch(async (error: unknown) => {
      await users.releaseClaim(user);
      throw error;
    });
  },

  /** Gives a claimed username back (a registration that was refused after claiming it). */
  releaseClaim: async (user: StoredUser): Promise<void> => {
    if (await users.ownsClaim(user)) await remove(claimKey(user.username)).catch(() => undefined);
  },

  /** Replaces a user record unconditionally (tests and fixtures; services use `update`). */
  save: (user: StoredUser) => writeJSON(userKey(user.id), storedUserSchema, user),

  /** Replaces a user record only if nobody wrote it since it was read (etag); false when somebody did. */
  update: (user: StoredUser, etag: string) => writeJSON(userKey(user.id), storedUserSchema, user, { onlyIfMatch: etag }),

  async delete(user: StoredUser): Promise<void> {
    await remove(userKey(user.id));
    await remove(claimKey(user.username));
  },

  list: () => readAll('users/', storedUserSchema),

  /** Several users by id, a bounded number of reads at a time (null where none). */
  byIds: (ids: readonly string[]) => mapLimit(ids, (id) => users.byId(id)),

  /** Every user id with the etag of its record, without reading the records (team-progress name cache). */
  versions: async () => (await listBlobs('users/')).map((blob) => ({ id: lastSegment(blob.key), etag: blob.etag })),
};
