/**
 * Signing in a person the identity provider vouches for (oidc.ts verified the address): the account with
 * that address, created at the first sign-in (name from the token, role user, no password), never twice.
 * At most REGISTRATIONS_PER_DAY first sign-ins (with registrations) a day make an account. A disabled account is refused. Administrators stay as they are made: the operator's account at the
 * administrator address, or role admin set by the CLI.
 */
import { HttpError } from '~/lib/server/errors';
import { withLoginJournaled } from './login-journal';
import { createUser, ensureDemoAccounts } from './accounts';
import { takeNewAccountPlace } from './new-accounts';
import { SsoFailure, type VerifiedIdentity } from './oidc';
import { openSession, type SessionOrigin } from './sessions';
import type { SessionData } from './session-cookie';
import { users, type StoredUser } from './storage/users';
import { normalizeUsername } from './usernames';

async function accountOf(identity: VerifiedIdentity): Promise<StoredUser> {
  const username = normalizeUsername(identity.email);
  const existing = await users.byUsername(username);
  if (existing) return existing;
  // A first sign-in makes an account: within the day's limit on new accounts, its place given back if none is made.
  const place = await takeNewAccountPlace().catch((error: unknown) => {
    throw error instanceof HttpError && error.status === 429 ? new SsoFailure('limit', error) : error;
  });
  try {
    return await createUser({ username, name: identity.name, password: null, role: 'user', createdBy: 'sso' });
  } catch (error) {
    await place.release().catch(() => undefined);
    if (!(error instanceof HttpError)) throw error;
    // 409: a first sign-in in another tab created it meanwhile. 400: an address the hub refuses.
    const created = error.status === 409 ? await users.byUsername(username) : null;
    if (!created) throw new SsoFailure('domain', error);
    return created;
  }
}

export async function signInWithIdentity(
  identity: VerifiedIdentity,
  origin: SessionOrigin,
  now: Date = new Date(),
): Promise<{ user: StoredUser; session: SessionData }> {
  await ensureDemoAccounts();
  const user = await accountOf(identity);
  if (user.disabled) throw new SsoFailure('disabled');
  const session = await withLoginJournaled(user.id, now, openSession(user, origin, now));
  return { user, session };
}
