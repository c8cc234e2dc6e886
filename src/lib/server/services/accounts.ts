// Accounts: who a user is to the rest of the app (public view, administrator rule), creating users,
// the operator's actions (scripts/user.ts) and the demo accounts of local runs.
import { randomUUID } from 'node:crypto';
import type { PublicUser } from '~/lib/api/users';
import { adminUsername, isLocalRun } from '~/lib/server/config';
import { DEMO_ACCOUNTS } from '~/lib/server/demo-accounts';
import { HttpError } from '~/lib/server/errors';
import { hashPassword } from '~/lib/server/passwords';
import { users, type StoredUser } from '~/lib/server/storage/users';

export const normalizeUsername = (username: string) => username.trim().toLowerCase();

export function toPublicUser(user: StoredUser): PublicUser {
  return { id: user.id, name: user.name, username: user.username, role: user.role, avatar: user.avatar };
}

/** Administrators (SPEC §6, docs/decisions.md): the configured administrator address, or role admin. */
export function isAdmin(user: Pick<PublicUser, 'role' | 'username'>): boolean {
  return user.role === 'admin' || user.username.toLowerCase() === adminUsername();
}

export interface NewUser {
  username: string;
  password: string;
  name: string;
  role: 'admin' | 'user';
  avatar?: string | null;
}

/**
 * Creates a user; 409 when the username is taken. Used by registration, seeding and the CLI.
 * `alongside` runs with the write of the user record (registration journals its sign-in there).
 */
export async function createUser(input: NewUser, alongside?: (user: StoredUser) => Promise<unknown>): Promise<StoredUser> {
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
  if (!(await users.create(user, alongside && (() => alongside(user))))) throw new HttpError(409, 'Username may already exist');
  return user;
}

let seeding: Promise<void> | null = null;

/** Local runs only (docs/decisions.md): makes sure the two demo accounts exist. Once per process. */
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

// ---------------------------------------------------------------------------------------------
// Operator actions (scripts/user.ts). Each one that changes access bumps sessionVersion, so the
// user's existing sessions stop working on their next request.

async function existingUser(username: string): Promise<StoredUser> {
  const user = await users.byUsername(normalizeUsername(username));
  if (!user) throw new HttpError(404, `No user ${normalizeUsername(username)}`);
  return user;
}

export async function setDisabled(username: string, disabled: boolean): Promise<StoredUser> {
  const user = await existingUser(username);
  const updated = { ...user, disabled, sessionVersion: user.sessionVersion + 1 };
  await users.save(updated);
  return updated;
}

/** Sets a new password and ends every existing session of the user. */
export async function setPassword(username: string, password: string): Promise<StoredUser> {
  if (password.length < 8) throw new HttpError(400, 'password: Password must be at least 8 characters');
  const user = await existingUser(username);
  const updated = { ...user, passwordHash: await hashPassword(password), sessionVersion: user.sessionVersion + 1 };
  await users.save(updated);
  return updated;
}

export async function deleteUser(username: string): Promise<void> {
  await users.delete(await existingUser(username));
}

export async function listUsers(): Promise<StoredUser[]> {
  return (await users.list()).sort((a, b) => a.username.localeCompare(b.username));
}
