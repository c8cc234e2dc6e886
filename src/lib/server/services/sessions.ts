// The user behind a session cookie (src/middleware.ts), on every request.
import { users, type StoredUser } from '~/lib/server/storage/users';

/** The session's user, or null when it is unknown, disabled or its session version is outdated. */
export async function userForSession(session: { userId?: string; version?: number }): Promise<StoredUser | null> {
  if (!session.userId || typeof session.version !== 'number') return null;
  const user = await users.byId(session.userId);
  if (!user || user.disabled || user.sessionVersion !== session.version) return null;
  return user;
}
