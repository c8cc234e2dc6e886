/**
 * Signing in a person the identity provider vouches for (oidc.ts verified the token): the account bound to
 * their issuer and subject. The first sign-in makes the account (name from the token, role user, no
 * password), or binds the existing account of the same address; from then on only that identity enters it.
 * At most REGISTRATIONS_PER_DAY first sign-ins (with registrations) a day make an account. A disabled account
 * is refused. Administrators stay as they are made: the operator's account at the administrator address, or
 * role admin set by the CLI.
 */
import { HttpError } from '~/server/errors';
import { withLoginJournaled } from './login-journal';
import { createUser, ensureDemoAccounts } from './accounts';
import { takeNewAccountPlace } from './new-accounts';
import { SsoFailure, type VerifiedIdentity } from './oidc';
import { endSessionsOf, openSession, type SessionOrigin } from './sessions';
import type { SessionData } from './session-cookie';
import { devices } from './storage/devices';
import { users } from './storage/users';
import type { StoredUser } from '~/server/accounts/user-record';
import { normalizeUsername } from './usernames';

const BIND_ATTEMPTS = 3;

const sameIdentity = (user: StoredUser, identity: VerifiedIdentity) =>
  user.identity?.issuer === identity.issuer && user.identity.subject === identity.subject;

/**
 * Whether the account's password was chosen by someone who proved they own the address. Registration
 * proves nothing (an invite code and an address of the right domain are enough), so a colleague could
 * have registered a new hire's address first; the operator's accounts (CLI, demo seeding) are vouched for.
 */
const hasUnprovenPassword = (user: StoredUser) => user.passwordHash !== null && user.createdBy !== 'operator' && user.createdBy !== 'sso';

/**
 * Binds the company identity to an account that has none yet. A password nobody proved to own ends, with
 * every session and known device of the account: whoever registered the address keeps no way in.
 */
async function bindIdentity(found: { value: StoredUser; etag: string }, identity: VerifiedIdentity): Promise<StoredUser> {
  let current: { value: StoredUser; etag: string } | null = found;
  for (let attempt = 0; attempt < BIND_ATTEMPTS && current; attempt++) {
    const user = current.value;
    if (sameIdentity(user, identity)) return user;
    if (user.identity) throw new SsoFailure('identity');
    const unproven = hasUnprovenPassword(user);
    const bound: StoredUser = {
      ...user,
      identity: { issuer: identity.issuer, subject: identity.subject },
      ...(unproven ? { passwordHash: null, sessionVersion: user.sessionVersion + 1 } : {}),
    };
    if (await users.update(bound, current.etag)) {
      if (unproven) await Promise.all([endSessionsOf(user.id), devices.forgetAll(user.id)]);
      return bound;
    }
    current = await users.byIdForUpdate(user.id);
  }
  throw new SsoFailure('identity');
}

async function accountOf(identity: VerifiedIdentity): Promise<StoredUser> {
  const username = normalizeUsername(identity.email);
  const existing = await users.byUsernameForUpdate(username);
  if (existing) return bindIdentity(existing, identity);
  // A first sign-in makes an account: within the day's limit on new accounts, its place given back if none is made.
  const place = await takeNewAccountPlace().catch((error: unknown) => {
    throw error instanceof HttpError && error.status === 429 ? new SsoFailure('limit', error) : error;
  });
  try {
    const bound = { issuer: identity.issuer, subject: identity.subject };
    return await createUser({ username, name: identity.name, password: null, role: 'user', createdBy: 'sso', identity: bound });
  } catch (error) {
    await place.release().catch(() => undefined);
    if (!(error instanceof HttpError)) throw error;
    // 409: a first sign-in in another tab created it meanwhile, or the address looks like another account's.
    // 400: an address the hub refuses.
    const created = error.status === 409 ? await users.byUsernameForUpdate(username) : null;
    if (!created) throw new SsoFailure(error.status === 409 ? 'lookalike' : 'domain', error);
    return bindIdentity(created, identity);
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
