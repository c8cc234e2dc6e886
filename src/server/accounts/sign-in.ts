// Sign-in (POST /api/login and the /auth form): throttled password check, a new server-side session,
// journaled as a login. Throttling (docs/decisions.md "Throttling"), per 15 minutes:
// - 10 failures per (username, address) — or per (username, known device) for a browser that signed in as
//   that username in the last 30 days, which then counts only there;
// - 50 failures per username from all addresses (known devices exempt);
// - 100 failures per address across usernames (password spraying; known devices exempt);
// - 200 failures per IPv6 /48 across usernames and its /64s (one holder of a /48 has 65,536 /64s; known
//   devices exempt).
// At most three sequential Blobs round trips: (attempt records ∥ username claim), (counts ∥ user record),
// then on success (clearing ∥ session ∥ journal ∥ rehash).
import { randomBytes } from 'node:crypto';
import { HttpError } from '~/server/errors';
import { decoyHash, HashingBusyError, hashPassword, needsRehash, verifyPassword } from '~/server/accounts/passwords';
import type { SessionData } from '~/server/accounts/session-cookie';
import { withLoginJournaled } from './login-journal';
import { throttleMarks, throttleSubject } from '~/server/storage/throttle-marks';
import { users } from '~/server/accounts/storage/users';
import type { StoredUser } from '~/server/accounts/user-record';
import { devices } from '~/server/accounts/storage/devices';
import { inBackground } from '~/server/background';
import { normalizeUsername } from '~/server/accounts/usernames';
import { ensureDemoAccounts } from './accounts';
import { isAdmin } from './roles';
import { throttleNetwork } from '~/server/client-address';
import { oidcSettings, passwordSignIn } from '~/server/config';
import { openSession, type SessionOrigin } from './sessions';
import { countAttempt, recordAttempt, THROTTLE_WINDOW_MS, withdrawing, type ThrottleRule } from './throttle';

const SIGN_IN_LIMITS = {
  perUsernameAndAddress: 10,
  perKnownDevice: 10,
  perUsernameOnDevices: 200,
  perUsername: 50,
  perAddress: 100,
  perNetwork: 200,
} as const;
/** The most known devices a person keeps: a new one beyond forgets the oldest. */
const MAX_DEVICES = 10;
const INVALID_CREDENTIALS = 'Invalid username or password';
const THROTTLED = 'Too many failed sign-in attempts. Please try again later.';

export interface SignInRequest extends SessionOrigin {
  /** This browser's id for the username from its known-device cookie, or null. */
  knownDeviceId: string | null;
}

export interface SignedIn {
  user: StoredUser;
  session: SessionData;
  /** The id the known-device cookie must carry from now on. */
  deviceId: string;
}

/**
 * The limits an attempt counts under. A browser with a known-device cookie has its own (10 failures, and
 * 200 for all of the person's devices together), but only while the device's record exists: which is
 * known only with the user record, so the attempt is recorded under both sets and judged by one.
 */
function rulesFor(username: string, request: SignInRequest): { device: ThrottleRule[]; shared: ThrottleRule[] } {
  const device =
    request.knownDeviceId === null
      ? []
      : [
          { subject: throttleSubject.usernameOnDevice(username, request.knownDeviceId), limit: SIGN_IN_LIMITS.perKnownDevice },
          { subject: throttleSubject.usernameOnDevices(username), limit: SIGN_IN_LIMITS.perUsernameOnDevices },
        ];
  const network = throttleNetwork(request.address);
  const shared = [
    { subject: throttleSubject.usernameAtAddress(username, request.address), limit: SIGN_IN_LIMITS.perUsernameAndAddress },
    { subject: throttleSubject.username(username), limit: SIGN_IN_LIMITS.perUsername },
    { subject: throttleSubject.address(request.address), limit: SIGN_IN_LIMITS.perAddress },
    ...(network === null ? [] : [{ subject: throttleSubject.network(network), limit: SIGN_IN_LIMITS.perNetwork }]),
  ];
  return { device, shared };
}

/**
 * Replaces a hash made with weaker parameters; skipped (until the next sign-in) if the record changed
 * meanwhile, or if the server is too busy hashing to do it now.
 */
async function upgradeHash(user: StoredUser, etag: string, password: string): Promise<void> {
  if (user.passwordHash === null || !needsRehash(user.passwordHash)) return;
  const passwordHash = await hashPassword(password).catch((error: unknown) => {
    if (error instanceof HashingBusyError) return null;
    throw error;
  });
  if (passwordHash !== null) await users.update({ ...user, passwordHash }, etag);
}

/**
 * Checks a username and password. Unknown user, wrong password and disabled account answer the same 401
 * after the same Blobs reads and the same scrypt work; over a limit, 429 with `Retry-After`.
 */
export async function signIn(username: string, password: string, request: SignInRequest, now = new Date()): Promise<SignedIn> {
  const mode = passwordSignIn();
  if (mode === 'off') throw new HttpError(403, passwordSignInRefused('off'));
  await ensureDemoAccounts();
  const normalized = normalizeUsername(username);
  // Two rounds of Blobs requests before the password is checked: the attempt records with the username
  // claim, then the attempt counts with the user record. Kept in step, so the user record (which
  // needs only the claim) never starts a round of its own while the records are still being written.
  const rules = rulesFor(normalized, request);
  const [recorded, claim] = await Promise.all([recordAttempt([...rules.device, ...rules.shared], now), users.claimOf(normalized)]);
  const deviceId = request.knownDeviceId;
  const knownDevice =
    deviceId !== null && claim.userId !== null ? devices.get(claim.userId, deviceId).then(Boolean) : Promise.resolve(false);
  const judging = knownDevice.then((known) => (rule: ThrottleRule) => (known ? rules.device : rules.shared).includes(rule));
  const [attempt, found, known] = await Promise.all([countAttempt(recorded, THROTTLED, judging), users.userOfClaim(claim), knownDevice]);
  // Too busy to check (503): the attempt was never checked, so it is no failure either.
  const valid = await verifyPassword(password, found?.value.passwordHash ?? decoyHash()).catch(withdrawing(attempt));
  if (!found || !valid || found.value.disabled) throw new HttpError(401, INVALID_CREDENTIALS);
  const user = found.value;
  if (mode === 'admins' && !isAdmin(user)) throw new HttpError(403, passwordSignInRefused('admins'));
  // A success clears this attempt and the earlier failures of the same pair (or device), never the
  // username's or the address's totals (a sprayer who knows one password must not reset them).
  const pair = known ? 0 : rules.device.length;
  const signedInDevice = known ? deviceId! : randomBytes(16).toString('base64url');
  const [, session] = await withLoginJournaled(
    user.id,
    now,
    Promise.all([
      attempt.succeeded(attempt.earlier[pair]),
      openSession(user, request, now),
      upgradeHash(user, found.etag, password),
      devices.remember(user.id, signedInDevice, now),
    ]),
  );
  if (!known) inBackground('oldest devices forgotten', () => devices.keepNewest(user.id, MAX_DEVICES));
  // An account made before look-alikes were claimed claims what its username looks like (once; later, nothing is written).
  inBackground('look-alike claim', () => users.claimSkeletonIfFree(user, now));
  return { user, session, deviceId: signedInDevice };
}

/** `npm run user -- unlock`: deletes the username's counted failures (every address and device). Answers how many. */
export async function unlockUsername(username: string, now: Date = new Date()): Promise<number> {
  const normalized = normalizeUsername(username);
  const [keys, user] = await Promise.all([
    throttleMarks.usernameKeysSince(normalized, new Date(now.getTime() - THROTTLE_WINDOW_MS), now),
    users.byUsername(normalized),
  ]);
  await Promise.all([throttleMarks.remove(keys), user ? devices.forgetAll(user.id) : null]);
  return keys.length;
}

/**
 * Deletes whole time buckets of attempts older than the throttle window; run hourly. Answers how many
 * attempts. Stops deleting after `budgetMs` (a scheduled function runs for 30 s at most; a backlog, such
 * as the records of the old layout, is finished by the next runs).
 */
export async function removeExpiredSignInFailures(now: Date = new Date(), budgetMs = 20_000): Promise<number> {
  return throttleMarks.removeBucketsEndingBefore(new Date(now.getTime() - THROTTLE_WINDOW_MS), Date.now() + budgetMs);
}

/** Why the password form does not sign someone in where PASSWORD_SIGNIN is `off` or `admins`. */
function passwordSignInRefused(mode: 'off' | 'admins'): string {
  const button = oidcSettings()?.label ?? 'Sign in with your company account';
  return mode === 'off'
    ? `Password sign-in is turned off here. Use "${button}".`
    : `Password sign-in is for administrators only. Use "${button}".`;
}
