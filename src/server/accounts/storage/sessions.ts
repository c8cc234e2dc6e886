/**
 * Server-side sessions (`sessions/<user id>/<digest of session id>`): one create-only key per sign-in. The
 * sealed cookie carries the user id and the random session id; a request is signed in only while this
 * record exists (docs/decisions.md "Sessions"). Only a digest of the session id is a key, so a listing
 * of the store never shows a usable id.
 */
import { z } from 'zod';
import { listKeys, mapLimit, readJSON, remove, writeJSON } from '~/server/storage/blobs';
import { digest, key, lastSegment, prefix } from '~/server/storage/keys';

const storedSessionSchema = z.strictObject({
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** The normalised client address and the browser's User-Agent when it signed in (for `npm run user -- sessions`). */
  address: z.string().max(64),
  userAgent: z.string().max(200),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

/** A stored session as the operator and its person see it: a short handle (the start of the digest), never the id. */
export interface ListedSession extends StoredSession {
  handle: string;
  seen: StoredSeen | null;
}

const handleOf = (blobKey: string) => lastSegment(blobKey).slice(0, 12);

/** The handle of a session id (what the list shows for it). */
export const sessionHandle = (sessionId: string) => digest(sessionId).slice(0, 12);

/** When and from where a session was last used: its own key, so marking it can never bring back a session that was ended. */
const storedSeenSchema = z.strictObject({ at: z.iso.datetime(), address: z.string().max(64), userAgent: z.string().max(200) });
export type StoredSeen = z.infer<typeof storedSeenSchema>;

const sessionKey = (userId: string, sessionId: string) => key('sessions', userId, digest(sessionId));
const seenKey = (userId: string, sessionId: string) => key('sessions-seen', userId, digest(sessionId));
const seenKeyOf = (blobKey: string) => blobKey.replace(/^sessions\//, 'sessions-seen/');

export const sessions = {
  /** Create-only: false when the id is already taken (a fresh random id never is). */
  create: (userId: string, sessionId: string, session: StoredSession) =>
    writeJSON(sessionKey(userId, sessionId), storedSessionSchema, session, { onlyIfNew: true }),

  get: (userId: string, sessionId: string) => readJSON(sessionKey(userId, sessionId), storedSessionSchema),

  end: (userId: string, sessionId: string) => Promise.all([remove(sessionKey(userId, sessionId)), remove(seenKey(userId, sessionId))]),

  seen: (userId: string, sessionId: string) => readJSON(seenKey(userId, sessionId), storedSeenSchema),
  markSeen: (userId: string, sessionId: string, seen: StoredSeen) => writeJSON(seenKey(userId, sessionId), storedSeenSchema, seen),

  /** Every stored session of a user with when it was last used, oldest first. */
  async list(userId: string): Promise<ListedSession[]> {
    const keys = await listKeys(prefix('sessions', userId));
    const records = await mapLimit(keys, async (blobKey) => {
      const [session, seen] = await Promise.all([readJSON(blobKey, storedSessionSchema), readJSON(seenKeyOf(blobKey), storedSeenSchema)]);
      return session ? { ...session, handle: handleOf(blobKey), seen } : null;
    });
    return records.filter((record) => record !== null).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  },

  /** The keys of a user's sessions now (to end them later with `endKeys`). */
  keysOf: (userId: string): Promise<string[]> => listKeys(prefix('sessions', userId)),

  /** Ends the sessions `keysOf` listed. */
  async endKeys(keys: readonly string[]): Promise<void> {
    await mapLimit(keys, (blobKey) => Promise.all([remove(blobKey), remove(seenKeyOf(blobKey))]));
  },

  /** Ends every session of a user but the one with this handle; answers how many. */
  async endAllBut(userId: string, keep: string): Promise<number> {
    const keys = (await listKeys(prefix('sessions', userId))).filter((blobKey) => handleOf(blobKey) !== keep);
    await mapLimit(keys, (blobKey) => Promise.all([remove(blobKey), remove(seenKeyOf(blobKey))]));
    return keys.length;
  },

  /** Ends the sessions of a user whose handle starts with `handle` (all of them when null); answers how many. */
  async endByHandle(userId: string, handle: string | null): Promise<number> {
    const keys = (await listKeys(prefix('sessions', userId))).filter((blobKey) => handle === null || handleOf(blobKey).startsWith(handle));
    await mapLimit(keys, (blobKey) => Promise.all([remove(blobKey), remove(seenKeyOf(blobKey))]));
    return keys.length;
  },

  /** Deletes every user's sessions that expired before `now` (or no longer match their schema); answers how many. */
  async removeExpired(now: Date): Promise<number> {
    const keys = await listKeys('sessions/');
    const expired = await mapLimit(keys, async (blobKey) => {
      const session = await readJSON(blobKey, storedSessionSchema);
      return session === null || Date.parse(session.expiresAt) <= now.getTime() ? blobKey : null;
    });
    const doomed = expired.filter((blobKey) => blobKey !== null);
    await mapLimit(doomed, (blobKey) => Promise.all([remove(blobKey), remove(seenKeyOf(blobKey))]));
    return doomed.length;
  },
};
