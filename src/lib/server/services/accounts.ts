// Accounts: sign-in with throttling, registration, the user CLI's operations, demo seeding.
import { randomUUID } from 'node:crypto';
import { isAdministrator, type PublicUser, type RegisterRequest } from '../../api/users';
import { adminUsername, isLocalRun, registrationPolicy } from '../config';
import { HttpError } from '../errors';
import { DECOY_HASH, hashPassword, verifyPassword } from '../passwords';
import { activity, failedLogins, users, type StoredUser } from '../storage';

export const THROTTLE_LIMIT = 10;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const INVALID_CREDENTIALS = 'Invalid username or password';

export const normalizeUsername = (username: string) => username.trim().toLowerCase();

export function toPublicUser(user: StoredUser): PublicUser {
  return { id: user.id, name: user.name, username: user.username, role: user.role, avatar: user.avatar };
}

export function isAdmin(user: Pick<PublicUser, 'role' | 'username'>): boolean {
  return isAdministrator(user, adminUsername());
}

interface NewUser {
  username: string;
  password: string;
  name: string;
  role: 'admin' | 'user';
  avatar?: string | null;
}

/** Creates a user; 409 when the username is taken. Used by registration, seeding and the CLI. */
export async function createUser(input: NewUser): Promise<StoredUser> {
  const user: StoredUser = {
    id: randomUUID(),
    username: normalizeUsername(input.username),
    name: input.name.trim(),
    role: input.role,
    avatar: input.avatar ?? null,
    passwordHash: await hashPassword(input.password),
    disabled: false,
    sessionVersion: 1,
    createdAt: new Date().toISOString(),
  };
  if (!(await users.create(user))) throw new HttpError(409, 'Username may already exist');
  return user;
}

export const DEMO_ACCOUNTS: readonly NewUser[] = [
  { username: 'admin@parcelwise.example', password: 'parcelwise-admin', name: 'Avery Admin', role: 'admin' },
  { username: 'alex@parcelwise.example', password: 'parcelwise-demo', name: 'Alex Morgan', role: 'user' },
];

let seeding: Promise<void> | null = null;

/** Local runs only (DECISIONS.md): makes sure the two demo accounts exist. Once per process. */
export function ensureDemoAccounts(): Promise<void> {
  if (!isLocalRun()) return Promise.resolve();
  seeding ??= (async () => {
    for (const account of DEMO_ACCOUNTS) {
      if (await users.byUsername(normalizeUsername(account.username))) continue;
      await createUser(account).catch((error: unknown) => {
        if (!(error instanceof HttpError && error.status === 409)) throw error;
      });
    }
  })().catch((error: unknown) => {
    seeding = null;
    throw error;
  });
  return seeding;
}

function throttleSubjects(username: string, clientAddress: string): string[] {
  return [`user:${normalizeUsername(username)}`, `ip:${clientAddress}`];
}

/** Seconds until sign-in is allowed again, or 0. Counts failures of the last 15 minutes per subject. */
async function throttleDelaySeconds(subjects: string[], now: Date): Promise<number> {
  let delayMs = 0;
  for (const subject of subjects) {
    const recent = (await failedLogins.times(subject)).filter((t) => now.getTime() - t.getTime() < THROTTLE_WINDOW_MS);
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
 */
export async function signIn(username: string, password: string, clientAddress: string, now = new Date()): Promise<StoredUser> {
  await ensureDemoAccounts();
  const subjects = throttleSubjects(username, clientAddress);
  const retryAfter = await throttleDelaySeconds(subjects, now);
  if (retryAfter > 0) {
    throw new HttpError(429, 'Too many failed sign-in attempts. Please try again later.', { 'Retry-After': String(retryAfter) });
  }
  const user = await users.byUsername(normalizeUsername(username));
  const valid = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
  if (!user || !valid || user.disabled) {
    await Promise.all(subjects.map((subject) => failedLogins.record(subject, now)));
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  await failedLogins.clear(subjects[0]!);
  await activity.add(user.id, { kind: 'login', recordedAt: now.toISOString() });
  return user;
}

/** Self-service registration (DECISIONS.md): role always user, admin address reserved, invite code in deployments. */
export async function register(input: RegisterRequest): Promise<StoredUser> {
  const policy = registrationPolicy();
  if (!policy.open) throw new HttpError(403, 'Registration is closed. Ask an administrator for an account.');
  if (policy.code !== null && input.inviteCode !== policy.code) throw new HttpError(403, 'inviteCode: The invite code is not valid');
  if (normalizeUsername(input.username) === adminUsername()) throw new HttpError(409, 'Username may already exist');
  await ensureDemoAccounts();
  const user = await createUser({ username: input.username, password: input.password, name: input.name, role: 'user' });
  await activity.add(user.id, { kind: 'login', recordedAt: new Date().toISOString() });
  return user;
}

/** The user a session belongs to, or null when it is unknown, disabled or its version is outdated. */
export async function userForSession(session: { userId?: string; version?: number }): Promise<StoredUser | null> {
  if (!session.userId || typeof session.version !== 'number') return null;
  const user = await users.byId(session.userId);
  if (!user || user.disabled || user.sessionVersion !== session.version) return null;
  return user;
}

// ---------------------------------------------------------------------------------------------
// Operator actions (scripts/user.ts). Each one that changes access bumps sessionVersion, so the
// user's existing sessions stop working on their next request.

async function requireUser(username: string): Promise<StoredUser> {
  const user = await users.byUsername(normalizeUsername(username));
  if (!user) throw new HttpError(404, `No user ${normalizeUsername(username)}`);
  return user;
}

export async function setDisabled(username: string, disabled: boolean): Promise<StoredUser> {
  const user = await requireUser(username);
  const updated = { ...user, disabled, sessionVersion: user.sessionVersion + 1 };
  await users.save(updated);
  return updated;
}

/** Sets a new password and ends every existing session of the user. */
export async function setPassword(username: string, password: string): Promise<StoredUser> {
  if (password.length < 8) throw new HttpError(400, 'password: Password must be at least 8 characters');
  const user = await requireUser(username);
  const updated = { ...user, passwordHash: await hashPassword(password), sessionVersion: user.sessionVersion + 1 };
  await users.save(updated);
  return updated;
}

export async function deleteUser(username: string): Promise<void> {
  await users.delete(await requireUser(username));
}

export async function listUsers(): Promise<StoredUser[]> {
  return (await users.list()).sort((a, b) => a.username.localeCompare(b.username));
}
