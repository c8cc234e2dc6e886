// Sign-in (POST /api/login and the /auth form): password check with throttling, journaled as a login.
import { HttpError } from '~/lib/server/errors';
import { DECOY_HASH, verifyPassword } from '~/lib/server/passwords';
import { activity } from '~/lib/server/storage/activity';
import { signInFailures } from '~/lib/server/storage/sign-in-failures';
import { users, type StoredUser } from '~/lib/server/storage/users';
import { ensureDemoAccounts, normalizeUsername } from './accounts';

const THROTTLE_LIMIT = 10;
const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const INVALID_CREDENTIALS = 'Invalid username or password';

function throttleSubjects(username: string, clientAddress: string): string[] {
  return [`user:${normalizeUsername(username)}`, `ip:${clientAddress}`];
}

/** Seconds until sign-in is allowed again, or 0. Counts failures of the last 15 minutes per subject. */
function throttleDelaySeconds(failuresPerSubject: ReadonlyArray<ReadonlyArray<{ at: Date }>>, now: Date): number {
  let delayMs = 0;
  for (const failures of failuresPerSubject) {
    const recent = failures.map((failure) => failure.at).filter((time) => now.getTime() - time.getTime() < THROTTLE_WINDOW_MS);
    if (recent.length >= THROTTLE_LIMIT) {
      const oldestCounted = recent[recent.length - THROTTLE_LIMIT]!;
      delayMs = Math.max(delayMs, oldestCounted.getTime() + THROTTLE_WINDOW_MS - now.getTime());
    }
  }
  return Math.ceil(delayMs / 1000);
}

/**
 * Checks a username and password. Unknown user and wrong password answer the same 401 and cost
 * the same hash; 10 failures for a username or a client address in 15 minutes answer 429.
 * Three round trips at most: the failure listings and the username claim together, the user record,
 * then the writes of a success (the user's failures removed, the login journaled) together.
 */
export async function signIn(username: string, password: string, clientAddress: string, now = new Date()): Promise<StoredUser> {
  await ensureDemoAccounts();
  const subjects = throttleSubjects(username, clientAddress);
  const [failures, user] = await Promise.all([
    Promise.all(subjects.map((subject) => signInFailures.recorded(subject))),
    users.byUsername(normalizeUsername(username)),
  ]);
  const retryAfter = throttleDelaySeconds(failures, now);
  if (retryAfter > 0) {
    throw new HttpError(429, 'Too many failed sign-in attempts. Please try again later.', { 'Retry-After': String(retryAfter) });
  }
  const valid = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
  if (!user || !valid || user.disabled) {
    await Promise.all(subjects.map((subject) => signInFailures.record(subject, now)));
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  await Promise.all([signInFailures.clear(failures[0]!), activity.add(user.id, { kind: 'login', recordedAt: now.toISOString() })]);
  return user;
}

/** Deletes failed sign-ins that no longer count (older than the throttle window); run on a schedule. */
export async function removeExpiredSignInFailures(now: Date = new Date()): Promise<number> {
  return signInFailures.removeRecordedBefore(new Date(now.getTime() - THROTTLE_WINDOW_MS));
}
