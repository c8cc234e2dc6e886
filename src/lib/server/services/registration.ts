// Self-service registration (POST /api/register, docs/decisions.md): role always user, the administrator
// address reserved, an invite code in deployments; journaled as a login (it signs the new user in).
import type { RegisterRequest } from '~/lib/api/users';
import { adminUsername, registrationPolicy } from '~/lib/server/config';
import { HttpError } from '~/lib/server/errors';
import { activity } from '~/lib/server/storage/activity';
import type { StoredUser } from '~/lib/server/storage/users';
import { createUser, ensureDemoAccounts, normalizeUsername } from './accounts';

export async function register(input: RegisterRequest): Promise<StoredUser> {
  const policy = registrationPolicy();
  if (!policy.open) throw new HttpError(403, 'Registration is closed. Ask an administrator for an account.');
  if (policy.code !== null && input.inviteCode !== policy.code) throw new HttpError(403, 'inviteCode: The invite code is not valid');
  if (normalizeUsername(input.username) === adminUsername()) throw new HttpError(409, 'Username may already exist');
  await ensureDemoAccounts();
  // The sign-in is journaled in the same round trip as the user record (three round trips in all).
  return createUser({ username: input.username, password: input.password, name: input.name, role: 'user' }, (user) =>
    activity.add(user.id, { kind: 'login', recordedAt: new Date().toISOString() }),
  );
}
