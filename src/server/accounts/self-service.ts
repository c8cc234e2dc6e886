/**
 * What people manage themselves on /settings: their sessions (see each, end one, end all the others) and
 * their password (the current one required; every other session ends). The current session is the one
 * the request's cookie names.
 */
import type { OwnSession } from '~/shared/api/settings';
import { HttpError } from '~/server/errors';
import { requireGoodPassword } from './accounts';
import { isAdmin } from './roles';
import { hashPassword, verifyPassword } from './passwords';
import { newSessionId, openSession, type SessionOrigin } from './sessions';
import type { SessionData } from './session-cookie';
import { devices } from './storage/devices';
import { sessions, sessionHandle } from './storage/sessions';
import { throttleMarks, throttleSubject } from '~/server/storage/throttle-marks';
import { users } from './storage/users';
import type { StoredUser } from '~/server/accounts/user-record';
import { browserName } from './user-agent';

/** The person's sessions, newest first, the current one marked. */
export async function ownSessions(userId: string, currentSessionId: string): Promise<OwnSession[]> {
  const current = sessionHandle(currentSessionId);
  const listed = await sessions.list(userId);
  return listed
    .map((session) => ({
      handle: session.handle,
      browser: browserName(session.seen?.userAgent ?? session.userAgent),
      since: session.createdAt,
      lastSeen: session.seen?.at ?? session.createdAt,
      address: session.seen?.address ?? session.address,
      current: session.handle === current,
    }))
    .reverse();
}

/** Ends one of the person's other sessions; 404 for a handle they do not have, 400 for the current one. */
export async function endOwnSession(userId: string, currentSessionId: string, handle: string): Promise<void> {
  if (handle === sessionHandle(currentSessionId)) throw new HttpError(400, 'handle: this is the session you are using: use Logout');
  if (!/^[0-9a-f]{12}$/.test(handle) || (await sessions.endByHandle(userId, handle)) === 0) throw new HttpError(404, 'No such session');
}

/** Ends every session of the person but the current one; answers how many. */
export async function endOtherSessions(userId: string, currentSessionId: string): Promise<number> {
  return sessions.endAllBut(userId, sessionHandle(currentSessionId));
}

const WRONG_CURRENT_PASSWORDS = 10;
const WINDOW_MS = 15 * 60_000;

/** What a password change reads first (beside the session check): the person's record and recent wrong guesses. */
export interface PasswordChangeState {
  user: { value: StoredUser; etag: string } | null;
  wrongGuesses: readonly { at: Date }[];
}

export async function passwordChangeState(userId: string, now: Date = new Date()): Promise<PasswordChangeState> {
  const [user, wrongGuesses] = await Promise.all([
    users.byIdForUpdate(userId),
    throttleMarks.since(throttleSubject.passwordChanges(userId), new Date(now.getTime() - WINDOW_MS), now),
  ]);
  return { user, wrongGuesses };
}

/**
 * Changes the person's password: the current one must be right (10 wrong ones in 15 minutes, then 429),
 * the new one must pass the policy. Every session ends; this browser gets a new one, whose cookie data is
 * returned. After the reads, one round trip writes the record and lists the sessions, one more ends them
 * and opens the new one.
 */
export async function changeOwnPassword(
  { user: found, wrongGuesses }: PasswordChangeState,
  input: { currentPassword: string; newPassword: string },
  origin: SessionOrigin,
  now: Date = new Date(),
): Promise<SessionData> {
  if (!found) throw new HttpError(404, 'No such user');
  const user = found.value;
  if (user.passwordHash === null)
    throw new HttpError(400, 'currentPassword: this account signs in with the identity provider and has no password');
  if (wrongGuesses.length >= WRONG_CURRENT_PASSWORDS) {
    const retryAfter = Math.max(1, Math.ceil((wrongGuesses[0]!.at.getTime() + WINDOW_MS - now.getTime()) / 1000));
    throw new HttpError(429, 'Too many wrong passwords. Please try again later.', { 'Retry-After': String(retryAfter) });
  }
  requireGoodPassword(input.newPassword, { username: user.username, name: user.name, admin: isAdmin(user) });
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    await throttleMarks.record(throttleSubject.passwordChanges(user.id), now);
    throw new HttpError(400, 'currentPassword: is not your current password');
  }
  const updated = { ...user, passwordHash: await hashPassword(input.newPassword), sessionVersion: user.sessionVersion + 1 };
  // Every old session is void from the new session version on; their records go too, all but this browser's new one.
  const sessionId = newSessionId();
  const [saved, session] = await Promise.all([
    users.update(updated, found.etag),
    openSession(updated, origin, now, sessionId),
    sessions.endAllBut(user.id, sessionHandle(sessionId)),
    devices.forgetAll(user.id),
  ]);
  if (!saved) throw new HttpError(409, 'Your account was changed meanwhile; try again.');
  return session;
}
