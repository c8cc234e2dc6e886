// Self-service registration (POST /api/register, docs/decisions.md): role always user, the administrator
// address and its look-alikes refused, so is a look-alike of any existing account, an invite code in deployments — compared in constant time, and
// throttled per address (10 wrong codes per 15 minutes → 429) — only addresses of OIDC_ALLOWED_DOMAINS
// when that is set, at most REGISTRATIONS_PER_DAY new accounts a day (new-accounts.ts), then a session,
// journaled as a login.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RegisterRequest } from '~/shared/api/users';
import { adminUsername, registrationPolicy } from '~/server/config';
import { HttpError } from '~/server/errors';
import { inBackground } from '~/server/background';
import { withLoginJournaled } from './login-journal';
import { throttleSubject } from '~/server/storage/throttle-marks';
import { users } from '~/server/accounts/storage/users';
import type { StoredUser } from '~/server/accounts/user-record';
import type { SessionData } from '~/server/accounts/session-cookie';
import { normalizeUsername } from '~/server/accounts/usernames';
import { ensureDemoAccounts, identityRefused, newUserRecord, requireGoodPassword } from './accounts';
import { openSession, type SessionOrigin } from './sessions';
import { beginAttempt } from './throttle';
import { requireAllowedDomain, takeNewAccountPlace } from './new-accounts';

const WRONG_INVITE_CODES_LIMIT = 10;

/** Equal strings, compared in time that does not depend on where they differ (digests of equal length). */
function sameSecret(given: string, expected: string): boolean {
  const digestOf = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digestOf(given), digestOf(expected));
}

const inviteCodeRules = (address: string) => [{ subject: throttleSubject.inviteCodes(address), limit: WRONG_INVITE_CODES_LIMIT }];
const TOO_MANY_CODES = 'Too many wrong invite codes. Please try again later.';

/**
 * Registers and signs in. With an invite code, the attempt is recorded and counted (services/throttle.ts)
 * whether the code is right or wrong, so a throttled address learns nothing, not even from timing: a
 * wrong code answers after the count, and a right one claims the username while it is counted and gives
 * the claim back (after the answer) when over the limit. At most three sequential Blobs round trips:
 * (attempt ∥ username and look-alike claims ∥ new-account mark), (count ∥ claims read back ∥ new accounts counted),
 * (user record ∥ session ∥ journal ∥ attempt cleared).
 */
export async function register(input: RegisterRequest, origin: SessionOrigin): Promise<{ user: StoredUser; session: SessionData }> {
  const policy = registrationPolicy();
  if (!policy.open) throw new HttpError(403, 'Registration is closed. Ask an administrator for an account.');
  if (policy.code !== null && (input.inviteCode === undefined || !sameSecret(input.inviteCode, policy.code))) {
    await beginAttempt(inviteCodeRules(origin.address), TOO_MANY_CODES); // 429 when over the limit
    throw new HttpError(403, 'inviteCode: The invite code is not valid');
  }
  const user = await newAccount(input);
  const now = new Date();
  const [attempt, claimed, place] = await Promise.allSettled([
    policy.code === null ? Promise.resolve(null) : beginAttempt(inviteCodeRules(origin.address), TOO_MANY_CODES, now),
    users.claimIdentity(user, now),
    takeNewAccountPlace(now),
  ]);
  const refusal = [attempt, place].find((outcome) => outcome.status === 'rejected');
  if (refusal) {
    // A wrong code's 429 first, then the day's limit: the claim and the day's place are given back after the answer.
    if (claimed.status === 'fulfilled' && claimed.value === 'claimed') {
      inBackground('registration claim release', () => users.releaseClaim(user));
    }
    if (place.status === 'fulfilled') inBackground('new account place release', () => place.value.release());
    throw refusal.reason;
  }
  // A right code is not a wrong one, whatever happens next: its record is deleted alongside.
  const codeCleared = attempt.status === 'fulfilled' ? (attempt.value?.succeeded() ?? Promise.resolve()) : Promise.resolve();
  if (claimed.status === 'rejected' || claimed.value !== 'claimed') {
    await Promise.all([
      codeCleared.catch(() => undefined),
      place.status === 'fulfilled' ? place.value.release().catch(() => undefined) : null,
    ]);
    if (claimed.status === 'rejected') throw claimed.reason;
    if (claimed.value !== 'claimed') throw identityRefused(claimed.value);
  }
  // No account without its record: the day's place is given back when the record cannot be written.
  const saved = users.saveNew(user).catch(async (error: unknown) => {
    if (place.status === 'fulfilled') await place.value.release().catch(() => undefined);
    throw error;
  });
  const [, session] = await withLoginJournaled(user.id, now, Promise.all([saved, openSession(user, origin, now), codeCleared]));
  return { user, session };
}

async function newAccount(input: RegisterRequest): Promise<StoredUser> {
  // The administrator address as typed (any case): "may already exist". A look-alike of it (another
  // script, fullwidth letters, rn for m…) is a 400 naming the field, here or in newUserRecord.
  if (input.username.toLowerCase() === adminUsername()) throw new HttpError(409, 'Username may already exist');
  if (normalizeUsername(input.username) === adminUsername()) {
    throw new HttpError(400, 'username: Username is too similar to the administrator address');
  }
  requireAllowedDomain(normalizeUsername(input.username));
  await ensureDemoAccounts();
  requireGoodPassword(input.password, { username: input.username, name: input.name, admin: false });
  return newUserRecord({ username: input.username, password: input.password, name: input.name, role: 'user', createdBy: 'registration' });
}
