/**
 * User records (`users/<id>`) and two indexes of their usernames (storage/claims.ts), which a user is
 * created by claiming first: `usernames/<digest of username>` makes usernames unique, and
 * `username-skeletons/<digest of its confusable skeleton>` lets no two accounts look alike
 * (docs/decisions.md "Identities").
 */
import { z } from 'zod';
import { usernameSkeleton } from '~/server/accounts/usernames';
import { listBlobs, mapLimit, readAll, readJSON, readJSONWithEtag, remove, writeJSON } from '~/server/storage/blobs';
import { digest, key, lastSegment } from '~/server/storage/keys';
import { storedUserSchema, type StoredUser } from '../user-record';
import { claims } from './claims';

/** A username claim, as `claimOf` reads it (storage/claims.ts writes it). */
const usernameClaimSchema = z.strictObject({ userId: z.uuid(), claimedAt: z.iso.datetime().optional() });

/** Read when a username has no claim, so an unknown username costs the same reads as a known one. */
const DECOY_USER_ID = '00000000-0000-4000-8000-000000000000';

/** Whose a username is (null: nobody's), as `users.claimOf` read it. */
export interface UsernameClaim {
  userId: string | null;
}

const userKey = (id: string) => key('users', id);
const claimKey = (username: string) => key('usernames', digest(username));
/** One account per look-alike: the key of what a username looks like. */
const skeletonKey = (username: string) => key('username-skeletons', digest(usernameSkeleton(username)));

/** What claiming a new user's identity came to: both claims are the user's, the username is another's, or another account's looks the same. */
export type IdentityClaim = 'claimed' | 'taken' | 'look-alike';

const userExists = async (id: string) => (await users.byId(id)) !== null;

/** Claims a key for the user and reads it back: the local emulation does not make conditional writes atomic. */
async function claimConfirmed(claimKey: string, userId: string, now: Date): Promise<boolean> {
  return (await claims.take(claimKey, userId, now, userExists)) && (await claims.ownerOf(claimKey)) === userId;
}

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
   * Create-only on the username and its look-alike skeleton: what came of it. Three steps
   * (`claimIdentity`, then `saveNew`), which registration interleaves with its invite-code throttle.
   */
  async create(user: StoredUser, now: Date = new Date()): Promise<'created' | Exclude<IdentityClaim, 'claimed'>> {
    const claimed = await users.claimIdentity(user, now);
    if (claimed !== 'claimed') return claimed;
    await users.saveNew(user);
    return 'created';
  },

  /**
   * Claims a new user's username and what it looks like, both at once (create-only, then read back). A
   * claim left behind by a failure (no user, older than a minute) is taken over, so a failure never locks
   * a name, but a registration still writing its user is never overtaken. When one claim fails, the
   * other is given back.
   */
  async claimIdentity(user: StoredUser, now: Date): Promise<IdentityClaim> {
    const [name, looks] = await Promise.allSettled([
      claimConfirmed(claimKey(user.username), user.id, now),
      claimConfirmed(skeletonKey(user.username), user.id, now),
    ]);
    const won = (outcome: PromiseSettledResult<boolean>) => outcome.status === 'fulfilled' && outcome.value;
    if (won(name) && won(looks)) return 'claimed';
    await Promise.all([
      won(name) ? claims.release(claimKey(user.username), user.id) : null,
      won(looks) ? claims.release(skeletonKey(user.username), user.id) : null,
    ]);
    const failed = [name, looks].find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    return won(name) ? 'look-alike' : 'taken';
  },

  /** Claims the username alone (`claimIdentity` claims it with its skeleton): false when it is taken. */
  claimUsername: (user: StoredUser, now: Date): Promise<boolean> => claims.take(claimKey(user.username), user.id, now, userExists),

  /** Whether the username's claim is this user's. */
  ownsClaim: async (user: StoredUser): Promise<boolean> => (await claims.ownerOf(claimKey(user.username))) === user.id,

  /**
   * Claims what an existing user's username looks like (an account made before skeletons were claimed);
   * answers the id of the account holding the claim: this one's, or an older look-alike's.
   */
  async claimSkeleton(user: StoredUser, now: Date): Promise<string | null> {
    await claims.take(skeletonKey(user.username), user.id, now, userExists);
    return claims.ownerOf(skeletonKey(user.username));
  },

  /** `claimSkeleton` at a sign-in: one create-only write after the answer, nothing when it is claimed already. */
  claimSkeletonIfFree: (user: StoredUser, now: Date): Promise<boolean> => claims.takeIfFree(skeletonKey(user.username), user.id, now),

  /** Writes a claimed user's record; if it cannot be written, the claims are released. */
  async saveNew(user: StoredUser): Promise<void> {
    await writeJSON(userKey(user.id), storedUserSchema, user).catch(async (error: unknown) => {
      await users.releaseClaim(user);
      throw error;
    });
  },

  /** Gives a claimed username and its skeleton back (a registration that was refused after claiming them). */
  releaseClaim: async (user: StoredUser): Promise<void> => {
    await Promise.all([claims.release(claimKey(user.username), user.id), claims.release(skeletonKey(user.username), user.id)]);
  },

  /** Replaces a user record unconditionally (tests and fixtures; services use `update`). */
  save: (user: StoredUser) => writeJSON(userKey(user.id), storedUserSchema, user),

  /** Replaces a user record only if nobody wrote it since it was read (etag); false when somebody did. */
  update: (user: StoredUser, etag: string) => writeJSON(userKey(user.id), storedUserSchema, user, { onlyIfMatch: etag }),

  async delete(user: StoredUser): Promise<void> {
    await remove(userKey(user.id));
    await Promise.all([remove(claimKey(user.username)), claims.release(skeletonKey(user.username), user.id)]);
  },

  list: () => readAll('users/', storedUserSchema),

  /** Several users by id, a bounded number of reads at a time (null where none). */
  byIds: (ids: readonly string[]) => mapLimit(ids, (id) => users.byId(id)),

  /** Every user id with the etag of its record, without reading the records (team-progress name cache). */
  versions: async () => (await listBlobs('users/')).map((blob) => ({ id: lastSegment(blob.key), etag: blob.etag })),
};
