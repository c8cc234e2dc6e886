// Accounts: who a user is to the rest of the app (public view, administrator rule), creating users,
// the operator's actions (scripts/user.ts) and the demo accounts of local runs.
import { randomUUID } from 'node:crypto';
import { newAccountSchema } from '~/shared/api/users';
import { adminUsername, isLocalRun } from '~/server/config';
import { DEMO_ACCOUNTS } from '~/server/demo-accounts';
import { HttpError } from '~/server/errors';
import { describeZodError } from '~/server/http/response';
import { hashPassword } from '~/server/accounts/passwords';
import { mapLimit } from '~/server/storage/blobs';
import { users } from '~/server/accounts/storage/users';
import type { StoredUser } from '~/server/accounts/user-record';
import { looksLike, normalizeUsername, usernameSkeleton } from '~/server/accounts/usernames';
import { endSessionsOf } from './sessions';
import { isAdmin } from './roles';
import { passwordProblem } from './password-policy';
import { devices } from './storage/devices';

export interface NewUser {
  username: string;
  /** Null for an account made by a sign-in with the identity provider. */
  password: string | null;
  name: string;
  role: 'admin' | 'user';
  avatar?: string | null;
  /** The operator (CLI, demo seeding), the person (registration) or a sign-in with the identity provider; decides the administrator rule. */
  createdBy: 'operator' | 'registration' | 'sso';
  /** The company identity a first sign-in with the identity provider binds to the account. */
  identity?: StoredUser['identity'];
}

/** 400 naming the field for a username or display name that breaks the rules of registration. */
function checkIdentity(username: string, name: string): { username: string; name: string } {
  const parsed = newAccountSchema.safeParse({ username, name });
  if (!parsed.success) throw new HttpError(400, describeZodError(parsed.error));
  const normalized = normalizeUsername(parsed.data.username);
  if (normalized !== adminUsername() && looksLike(normalized, adminUsername())) {
    throw new HttpError(400, 'username: Username is too similar to the administrator address');
  }
  return { username: normalized, name: parsed.data.name };
}

/** 400 naming the field for a password the policy refuses (password-policy.ts). */
export function requireGoodPassword(password: string, person: { username: string; name: string; admin: boolean }): void {
  const problem = passwordProblem(password, person);
  if (problem) throw new HttpError(400, problem);
}

const isAdminAddress = (username: string) => normalizeUsername(username) === adminUsername();

/** The 409 of a new account whose username is taken, or looks like another account's (docs/decisions.md "Identities"). */
export function identityRefused(claim: 'taken' | 'look-alike'): HttpError {
  return new HttpError(409, claim === 'taken' ? 'Username may already exist' : 'Username is too similar to an existing account');
}

/**
 * Creates a user; 400 for a bad username, name or password, 409 when the username is taken or looks like
 * an existing account's. The CLI and a first sign-in with the identity provider (no password).
 */
export async function createUser(input: NewUser): Promise<StoredUser> {
  if (input.password !== null) {
    requireGoodPassword(input.password, { ...input, admin: input.role === 'admin' || isAdminAddress(input.username) });
  }
  const user = await newUserRecord(input);
  const created = await users.create(user);
  if (created !== 'created') throw identityRefused(created);
  return user;
}

/** The record of a user not stored yet (registration stores it in steps); 400 for a bad username or name. */
export async function newUserRecord(input: NewUser): Promise<StoredUser> {
  const identity = checkIdentity(input.username, input.name);
  return {
    id: randomUUID(),
    username: identity.username,
    name: identity.name,
    role: input.role,
    avatar: input.avatar ?? null,
    passwordHash: input.password === null ? null : await hashPassword(input.password),
    disabled: false,
    sessionVersion: 1,
    createdAt: new Date().toISOString(),
    createdBy: input.createdBy,
    ...(input.identity ? { identity: input.identity } : {}),
  };
}

let seeding: Promise<void> | null = null;

/** Local runs only (docs/decisions.md): makes sure the two demo accounts exist. Once per process. */
export function ensureDemoAccounts(): Promise<void> {
  if (!isLocalRun()) return Promise.resolve();
  seeding ??= (async () => {
    for (const account of DEMO_ACCOUNTS) {
      const existing = await users.byUsername(normalizeUsername(account.username));
      // Local data from before look-alikes were claimed: the demo accounts claim theirs now.
      if (existing) await users.claimSkeletonIfFree(existing, new Date());
      // The demo passwords are public and short on purpose: stored without the policy (local runs only).
      else await users.create(await newUserRecord({ ...account, createdBy: 'operator' }));
    }
  })().catch((error: unknown) => {
    seeding = null;
    throw error;
  });
  return seeding;
}

// ---------------------------------------------------------------------------------------------
// Operator actions (scripts/user.ts). Each change is a conditional write on the record's etag (two
// commands at once cannot undo each other: the later one re-reads and applies its change again). Each
// one that changes access also bumps sessionVersion and deletes the user's stored sessions.

/** A user's record by id (null when gone). */
export const accountById = (id: string): Promise<StoredUser | null> => users.byId(id);

export async function existingUser(username: string): Promise<StoredUser> {
  const user = await users.byUsername(normalizeUsername(username));
  if (!user) throw new HttpError(404, `No user ${normalizeUsername(username)}`);
  return user;
}

/**
 * A user by username, with `reads` started for their id as soon as the username's claim names it, beside
 * the read of their record (an administrator's change about a person: their records in the same round trip).
 */
export async function existingUserWith<T>(username: string, reads: (userId: string) => T): Promise<{ user: StoredUser; reads: T }> {
  const name = normalizeUsername(username);
  const claim = await users.claimOf(name);
  const started = claim.userId === null ? null : reads(claim.userId);
  // Settled quietly until the caller awaits them: the account read below can fail first.
  if (started instanceof Promise) started.catch(() => undefined);
  const user = (await users.userOfClaim(claim))?.value ?? null;
  if (!user || started === null) throw new HttpError(404, `No user ${name}`);
  return { user, reads: started };
}

const UPDATE_ATTEMPTS = 5;

/** Read, change, write only if unchanged since the read; again on a conflict. */
async function updateUser(username: string, change: (user: StoredUser) => StoredUser | Promise<StoredUser>): Promise<StoredUser> {
  const { id } = await existingUser(username);
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    const current = await users.byIdForUpdate(id);
    if (!current) throw new HttpError(404, `No user ${normalizeUsername(username)}`);
    const updated = await change(current.value);
    if (await users.update(updated, current.etag)) return updated;
  }
  throw new HttpError(409, `${normalizeUsername(username)} is being changed by someone else; try again.`);
}

export async function setDisabled(username: string, disabled: boolean): Promise<StoredUser> {
  const updated = await updateUser(username, (user) => ({ ...user, disabled, sessionVersion: user.sessionVersion + 1 }));
  await Promise.all([endSessionsOf(updated.id), devices.forgetAll(updated.id)]);
  return updated;
}

/** Sets a new password (held to the policy) and ends every existing session of the user. */
export async function setPassword(username: string, password: string): Promise<StoredUser> {
  const current = await existingUser(username);
  requireGoodPassword(password, { username: current.username, name: current.name, admin: isAdmin(current) });
  const passwordHash = await hashPassword(password);
  const updated = await updateUser(username, (user) => ({ ...user, passwordHash, sessionVersion: user.sessionVersion + 1 }));
  await Promise.all([endSessionsOf(updated.id), devices.forgetAll(updated.id)]);
  return updated;
}

export async function deleteUser(username: string): Promise<void> {
  const user = await existingUser(username);
  await Promise.all([endSessionsOf(user.id), devices.forgetAll(user.id)]);
  await users.delete(user);
}

export async function listUsers(): Promise<StoredUser[]> {
  return (await users.list()).sort((a, b) => a.username.localeCompare(b.username));
}

/** An account that looks like an older one (which holds the look-alike claim). */
export interface Lookalike {
  username: string;
  looksLike: string;
}

/**
 * `npm run user -- lookalikes`: claims what every account's username looks like, for accounts made before
 * look-alikes were refused (their own sign-in claims it too). Safe to run again. Of accounts that already
 * look alike, the oldest keeps the claim; the others are answered, and nothing about them changes.
 */
export async function indexLookalikes(now: Date = new Date()): Promise<{ accounts: number; lookalikes: Lookalike[] }> {
  const all = (await users.list()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const usernameOf = new Map(all.map((user) => [user.id, user.username]));
  const groups = new Map<string, StoredUser[]>();
  for (const user of all) {
    const skeleton = usernameSkeleton(user.username);
    groups.set(skeleton, [...(groups.get(skeleton) ?? []), user]);
  }
  const claimed = await mapLimit([...groups.values()], async (group) => ({ group, holder: await users.claimSkeleton(group[0]!, now) }));
  const lookalikes = claimed.flatMap(({ group, holder }) =>
    group
      .filter((user) => user.id !== holder)
      .map((user) => ({ username: user.username, looksLike: usernameOf.get(holder ?? '') ?? group[0]!.username })),
  );
  return { accounts: all.length, lookalikes };
}
