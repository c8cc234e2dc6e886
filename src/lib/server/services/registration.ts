// Self-service registration (POST /api/register, docs/decisions.md): role always user, the administrator
// address and its look-alikes refused, an invite code in deployments — compared in constant time, and
// throttled per address (10 wrong codes per 15 minutes → 429) — then a session, journaled as a login.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RegisterRequest } from '~/lib/api/users';
import { adminUsername, registrationPolicy } from '~/lib/server/config';
import { HttpError } from '~/lib/server/errors';
import { activity } from '~/lib/server/storage/activity';
import { throttleSubject } from '~/lib/server/storage/sign-in-failures';
import type { StoredUser } from '~/lib/server/storage/users';
import type { SessionData } from '~/lib/server/session';
import { normalizeUsername } from '~/lib/server/usernames';
import { createUser, ensureDemoAccounts } from './accounts';
import { openSession, type SessionOrigin } from './sessions';
import { beginAttempt, type Attempt } from './throttle';

const WRONG_INVITE_CODES_LIMIT = 10;

/** Equal strings, compared in time that does not depend on where they differ (digests of equal length). */
function sameSecret(given: string, expected: string): boolean {
  const digestOf = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digestOf(given), digestOf(expected));
}

/** The invite code check: recorded first and counted per address (services/throttle.ts), then compared. */
async function checkInviteCode(given: string | undefined, expected: string, address: string): Promise<Attempt> {
  const attempt = await beginAttempt(
    [{ subject: throttleSubject.inviteCodes(address), limit: WRONG_INVITE_CODES_LIMIT }],
    'Too many wrong invite codes. Please try again later.',
  );
  if (given === undefined || !sameSecret(given, expected)) throw new HttpError(403, 'inviteCode: The invite code is not valid');
  return attempt;
}

export async function register(input: RegisterRequest, origin: SessionOrigin): Promise<{ user: StoredUser; session: SessionData }> {
  const policy = registrationPolicy();
  if (!policy.open) throw new HttpError(403, 'Registration is closed. Ask an administrator for an account.');
  const attempt = policy.code === null ? null : await checkInviteCode(input.inviteCode, policy.code, origin.address);
  // A right code is not a wrong one, whatever happens next: its record is deleted alongside.
  const codeCleared = attempt?.succeeded() ?? Promise.resolve();
  try {
    const user = await createAccount(input);
    const now = new Date();
    const [session] = await Promise.all([
      openSession(user, origin, now),
      activity.add(user.id, { kind: 'login', recordedAt: now.toISOString() }),
      codeCleared,
    ]);
    return { user, session };
  } catch (error) {
    await codeCleared.catch(() => undefined);
    throw error;
  }
}

async function createAccount(input: RegisterRequest): Promise<StoredUser> {
  // The administrator address as typed (any case): "may already exist". A look-alike of it (another
  // script, fullwidth letters, rn for m…) is a 400 naming the field, here or in createUser.
  if (input.username.toLowerCase() === adminUsername()) throw new HttpError(409, 'Username may already exist');
  if (normalizeUsername(input.username) === adminUsername()) {
    throw new HttpError(400, 'username: Username is too similar to the administrator address');
  }
  await ensureDemoAccounts();
  return createUser({ username: input.username, password: input.password, name: input.name, role: 'user', createdBy: 'registration' });
}
