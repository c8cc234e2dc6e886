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
import { openSession, type SessionOrigin } from './sessions';
import type { SessionData } from './session-cookie';
import { devices } from './storage/devices';
import { sessions, sessionHandle } from './storage/sessions';
import { throttleSubject } from '~/server/storage/throttle-marks';
import { countAttempt, recordAttempt, withdrawing } from './throttle';
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

/** Wrong current passwords a person may give in the throttle's window (15 minutes). */
const WRONG_CURRENT_PASSWORDS = 10;
const TOO_MANY_WRONG = 'Too many wrong passwords. Please try again later.';

/**
 * What a password change reads first, beside the session check: the person's record, and the keys of
 * their sessions and known devices, which a change ends without listing them again. A session opened after
 * this read is void all the same (the new session version voids its cookie); a device remembered by a
 * sign-in with the old password in that moment stays known, as it could when they were listed later.
 */
export interface PasswordChangeState {
  user: { value: StoredUser; etag: string } | null;
  sessionKeys: readonly string[];
  deviceKeys: readonly string[];
}

export async function passwordChangeState(userId: string): Promise<PasswordChangeState> {
  const [user, sessionKeys, deviceKeys] = await Promise.all([users.byIdForUpdate(userId), sessions.keysOf(userId), devices.keysOf(userId)]);
  return { user, sessionKeys, deviceKeys };
}

/**
 * Changes the person's password: the new one must pass the policy, and the current one must be right —
 * throttled like sign-in (throttle.ts): the attempt is recorded first (its own create-only key), counted
 * with the others of the window including itself, refused with 429 past 10, and only then checked; a wrong
 * one stays counted. Every session ends; this browser gets a new one, whose cookie data is returned.
 * After the reads: one round trip records the attempt, one counts it, one writes the record, opens the
 * session and ends the others (docs/decisions.md "Blobs round trips": a success waits for four).
 */
export async function changeOwnPassword(
  state: PasswordChangeState,
  input: { currentPassword: string; newPassword: string },
  origin: SessionOrigin,
  now: Date = new Date(),
): Promise<SessionData> {
  if (!state.user) throw new HttpError(404, 'No such user');
  const user = state.user.value;
  if (user.passwordHash === null)
    throw new HttpError(400, 'currentPassword: this account signs in with the identity provider and has no password');
  requireGoodPassword(input.newPassword, { username: user.username, name: user.name, admin: isAdmin(user) });
  const rules = [{ subject: throttleSubject.passwordChanges(user.id), limit: WRONG_CURRENT_PASSWORDS }];
  const attempt = await countAttempt(await recordAttempt(rules, now), TOO_MANY_WRONG);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash).catch(withdrawing(attempt)))) {
    throw new HttpError(400, 'currentPassword: is not your current password');
  }
  const updated = {
    ...user,
    passwordHash: await hashPassword(input.newPassword).catch(withdrawing(attempt)),
    sessionVersion: user.sessionVersion + 1,
  };
  // Every old session is void from the new session version on; their records go too, and the right password is no failure.
  const [saved, session] = await Promise.all([
    users.update(updated, state.user.etag),
    openSession(updated, origin, now),
    sessions.endKeys(state.sessionKeys),
    devices.forget(state.deviceKeys),
    attempt.succeeded(),
  ]);
  if (!saved) throw new HttpError(409, 'Your account was changed meanwhile; try again.');
  return session;
}
