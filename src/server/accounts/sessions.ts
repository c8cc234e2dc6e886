// Server-side sessions (docs/decisions.md "Sessions"): every sign-in stores a random session id under the
// user (create-only key); every request checks it with ONE parallel round of Blobs reads — the session
// record and the user record at once, both named by the sealed cookie — so revocation (logout, password
// change, disable, delete, `npm run user -- sessions --end`) takes effect on the very next request.
import { randomBytes } from 'node:crypto';
import { inBackground } from '~/server/background';
import { clientAddressOf } from '~/server/client-address';
import { HttpError } from '~/server/errors';
import type { SessionData } from '~/server/accounts/session-cookie';
import { SESSION_TTL_SECONDS } from '~/server/accounts/session-cookie';
import { sessions, type ListedSession } from '~/server/accounts/storage/sessions';
import { users } from '~/server/accounts/storage/users';
import type { StoredUser } from '~/server/accounts/user-record';

/** Where and from what a session was opened (shown by `npm run user -- sessions`). */
export interface SessionOrigin {
  address: string;
  userAgent: string;
}

/** Where a request comes from, as a session records it and throttling counts it. */
export function sessionOrigin(browser: { request: Request; clientAddress: string }): SessionOrigin {
  return { address: clientAddressOf(browser), userAgent: browser.request.headers.get('user-agent') ?? '' };
}

/** A session ends after this long without a request (the 7-day limit stays). */
const IDLE_LIMIT_MS = 12 * 60 * 60 * 1000;
/** "Last seen" is written at most this often per session: a request in between writes nothing. */
const SEEN_EVERY_MS = 5 * 60 * 1000;
/** The most sessions a person keeps: a sign-in beyond ends the oldest. */
const MAX_SESSIONS = 10;

/** Stores a new session of the user; answers what the cookie must carry. Beyond MAX_SESSIONS, the oldest end (after the answer). */
export async function openSession(
  user: StoredUser,
  origin: SessionOrigin,
  now: Date = new Date(),
  sessionId: string = newSessionId(),
): Promise<SessionData> {
  const stored = await sessions.create(user.id, sessionId, {
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000).toISOString(),
    address: origin.address.slice(0, 64),
    userAgent: origin.userAgent.slice(0, 200),
  });
  if (!stored) throw new HttpError(503, 'Could not start a session. Please try again.');
  inBackground('oldest sessions ended', () => endOldestSessions(user.id));
  return { userId: user.id, sessionId, version: user.sessionVersion };
}

async function endOldestSessions(userId: string): Promise<void> {
  const listed = await sessions.list(userId);
  const oldest = listed.slice(0, Math.max(0, listed.length - MAX_SESSIONS));
  await Promise.all(oldest.map((session) => sessions.endByHandle(userId, session.handle)));
}

/** A new random session id (256 bits). */
const newSessionId = () => randomBytes(32).toString('base64url');

const USER_ID = /^[0-9a-f-]{36}$/;
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** The user id a session cookie names, if well formed (not yet checked against the stored session). */
export function cookieUserId(cookie: Partial<SessionData>): string | null {
  return typeof cookie.userId === 'string' && USER_ID.test(cookie.userId) ? cookie.userId : null;
}

/**
 * The user of a session cookie, or null when the session was ended, expired or idle for 12 hours, or the
 * user is gone, disabled or has a newer session version. One round trip: the session, when it was last
 * seen and the user are read in parallel; "last seen" is written after the answer, every 5 minutes at most.
 */
export async function userForSession(
  cookie: Partial<SessionData>,
  origin: SessionOrigin,
  now: Date = new Date(),
): Promise<StoredUser | null> {
  const userId = cookieUserId(cookie);
  const { sessionId, version } = cookie;
  if (userId === null || typeof sessionId !== 'string' || !SESSION_ID.test(sessionId) || typeof version !== 'number') return null;
  const [session, seen, user] = await Promise.all([sessions.get(userId, sessionId), sessions.seen(userId, sessionId), users.byId(userId)]);
  if (!session || Date.parse(session.expiresAt) <= now.getTime()) return null;
  const lastSeen = Date.parse(seen?.at ?? session.createdAt);
  if (now.getTime() - lastSeen > IDLE_LIMIT_MS) return null;
  if (!user || user.disabled || user.sessionVersion !== version) return null;
  if (now.getTime() - lastSeen >= SEEN_EVERY_MS) {
    const mark = { at: now.toISOString(), address: origin.address.slice(0, 64), userAgent: origin.userAgent.slice(0, 200) };
    inBackground('session seen', () => sessions.markSeen(userId, sessionId, mark));
  }
  return user;
}

/** Logout: deletes the stored session, so the cookie (or a copy of it) no longer signs anybody in. */
export async function endSession(cookie: Partial<SessionData>): Promise<void> {
  const userId = cookieUserId(cookie);
  const { sessionId } = cookie;
  if (userId === null || typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return;
  await sessions.end(userId, sessionId);
}

/** Ends a user's sessions: all of them, or those whose handle starts with `handle`. Answers how many. */
export const endSessionsOf = (userId: string, handle: string | null = null): Promise<number> => sessions.endByHandle(userId, handle);

/** A user's stored sessions (the operator's `sessions` command). */
export const sessionsOf = (userId: string): Promise<ListedSession[]> => sessions.list(userId);

/** Deletes sessions past their 7 days (hourly, with the expired sign-in failures). */
export const removeExpiredSessions = (now: Date = new Date()): Promise<number> => sessions.removeExpired(now);
