// Server-side sessions (docs/decisions.md "Sessions"): logout replay, password change, disable and delete
// end every session at once, the operator's sessions command, and hashes upgraded at sign-in.
// In process only: these call the operator's services and read storage.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, deleteUser, existingUser, setDisabled, setPassword } from '~/server/accounts/accounts';
import { endSessionsOf, sessionsOf } from '~/server/accounts/sessions';
import { users } from '~/server/accounts/storage/users';
import { messageOf, useTestApp, type ApiClient } from './harness';

const t = useTestApp();
const inProcess = process.env['API_BASE_URL'] === undefined;

async function account(label: string) {
  const username = `s-${label}-${randomUUID().slice(0, 8)}@parcelwise.example`;
  await createUser({ username, password: 'Lantern-orbit-72-quill', name: `Session ${label}`, role: 'user', createdBy: 'operator' });
  return username;
}

async function signedIn(username: string, password = 'Lantern-orbit-72-quill', userAgent = 'test-browser'): Promise<ApiClient> {
  const client = t.app.client();
  const response = await client.request('POST', '/api/login', { body: { username, password }, headers: { 'User-Agent': userAgent } });
  expect(response.status).toBe(200);
  return client;
}

const status = async (client: ApiClient) => (await client.get('/api/user')).status;

describe.skipIf(!inProcess)('server-side sessions', () => {
  it('a cookie replayed after logout answers 401, while the same user’s other sessions go on', async () => {
    const username = await account('logout');
    const [laptop, phone] = [await signedIn(username), await signedIn(username)];
    const copy = laptop.cookie!;
    expect((await laptop.post('/api/logout')).status).toBe(200);
    const replay = await t.app.request('GET', '/api/user', { headers: { Cookie: copy } });
    expect(replay.status).toBe(401);
    expect(await messageOf(replay)).toBe('Not signed in');
    expect(await status(phone)).toBe(200);
  });

  it('a password change ends every session of the user, and nobody else’s', async () => {
    const [username, other] = [await account('password'), await account('bystander')];
    const [a, b, bystander] = [await signedIn(username), await signedIn(username), await signedIn(other)];
    const user = await existingUser(username);
    expect(await sessionsOf(user.id)).toHaveLength(2);
    await setPassword(username, 'Quiet-harbor-lantern-81');
    expect([await status(a), await status(b)]).toEqual([401, 401]);
    expect(await sessionsOf(user.id)).toEqual([]);
    expect(await status(bystander)).toBe(200);
    expect(await status(await signedIn(username, 'Quiet-harbor-lantern-81'))).toBe(200);
  });

  it('disabling and deleting a user delete their stored sessions', async () => {
    const [disabled, deleted] = [await account('disabled'), await account('deleted')];
    const [c1, c2] = [await signedIn(disabled), await signedIn(deleted)];
    const disabledId = (await existingUser(disabled)).id;
    const deletedId = (await existingUser(deleted)).id;
    await setDisabled(disabled, true);
    await deleteUser(deleted);
    expect([await status(c1), await status(c2)]).toEqual([401, 401]);
    expect(await sessionsOf(disabledId)).toEqual([]);
    expect(await sessionsOf(deletedId)).toEqual([]);
  });

  it('lists a user’s sessions with where they came from, and ends one by its handle or all of them', async () => {
    const username = await account('cli');
    const [first, second, third] = [
      await signedIn(username, undefined, 'Firefox'),
      await signedIn(username, undefined, 'Safari'),
      await signedIn(username),
    ];
    const { id } = await existingUser(username);
    const listed = await sessionsOf(id);
    expect(listed.map((s) => s.userAgent)).toEqual(['Firefox', 'Safari', 'test-browser']);
    expect(listed[0]).toMatchObject({ address: '127.0.0.1' });
    expect(listed[0]!.handle).toMatch(/^[0-9a-f]{12}$/);
    expect(Date.parse(listed[0]!.expiresAt) - Date.parse(listed[0]!.createdAt)).toBe(7 * 24 * 3600 * 1000);
    expect(await endSessionsOf(id, listed[1]!.handle)).toBe(1);
    expect([await status(first), await status(second), await status(third)]).toEqual([200, 401, 200]);
    expect(await endSessionsOf(id)).toBe(2);
    expect([await status(first), await status(third)]).toEqual([401, 401]);
  });

  it('an old-parameter hash still signs in and is replaced by an N = 2^17 one', async () => {
    const username = await account('rehash');
    const { id } = await existingUser(username);
    // scrypt N = 16384 of 'old-password' (the previous parameters).
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const old = `scrypt$16384$8$1$${salt.toString('base64url')}$${scryptSync('old-password', salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64url')}`;
    const record = (await users.byId(id))!;
    await users.save({ ...record, passwordHash: old });
    // Production's parameters for this one: the suite otherwise hashes cheaply (PARCELWISE_FAST_HASHES).
    const fast = process.env['PARCELWISE_FAST_HASHES'];
    delete process.env['PARCELWISE_FAST_HASHES'];
    try {
      expect(await status(await signedIn(username, 'old-password'))).toBe(200);
      const upgraded = (await users.byId(id))!.passwordHash;
      expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(await status(await signedIn(username, 'old-password'))).toBe(200);
    } finally {
      if (fast !== undefined) process.env['PARCELWISE_FAST_HASHES'] = fast;
    }
  });
});
