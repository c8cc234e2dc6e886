// Storage and services behind sign-in, against a local Blobs server: username claims, operator updates on
// etags, the same Blobs reads for unknown and known usernames, expired sessions, password parameters, and
// journal entries written again when a record already existed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getModule } from '~/server/content/learning';
import { decoyHash, hashPassword, needsRehash, PASSWORD_PARAMS, verifyPassword } from '~/server/accounts/passwords';
import { createUser, ensureDemoAccounts, existingUser, setDisabled, setPassword } from '~/server/accounts/accounts';
import { completeDailyChallenge, getDailyChallenge } from '~/server/review/daily-challenge';
import { updateProgress } from '~/server/learning/progress';
import { openSession, sessionsOf, userForSession } from '~/server/accounts/sessions';
import { backgroundWorkDone } from '~/server/background';
import { signIn } from '~/server/accounts/sign-in';
import { journal } from '~/server/journal/journal';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { users } from '~/server/accounts/storage/users';
import type { StoredUser } from '~/server/accounts/user-record';
import { digest } from '~/server/storage/keys';

let blobs: LocalBlobs;
const requests: string[] = [];
beforeAll(async () => {
  blobs = await startLocalBlobs({ onRequest: ({ type, url }) => requests.push(`${type} ${url}`) });
});
afterAll(() => blobs.stop());

const record = (username: string): StoredUser => ({
  id: randomUUID(),
  username,
  name: 'Claimant',
  role: 'user',
  avatar: null,
  passwordHash: 'x',
  disabled: false,
  sessionVersion: 1,
  createdAt: new Date().toISOString(),
  createdBy: 'registration',
});

describe('username claims', () => {
  it('never takes over a fresh claim whose user is still being written, but takes over a stale one', async () => {
    const username = `claim-${randomUUID().slice(0, 8)}@parcelwise.example`;
    // A registration that claimed the name a moment ago and has not written its user yet: simulated by
    // claiming for a user id whose record does not exist.
    const writer = record(username);
    const now = new Date();
    expect(await users.create(writer, now)).toBe('created');
    await users.delete({ ...writer, username: 'nobody@parcelwise.example' }); // drop only the user record
    expect(await users.create(record(username), new Date(now.getTime() + 10_000))).toBe('taken');
    const late = record(username);
    expect(await users.create(late, new Date(now.getTime() + 61_000))).toBe('created');
    expect((await users.byUsername(username))?.id).toBe(late.id);
  });

  it('does not take over a stale claim that another registration took over between its read and its write', async () => {
    const username = `race-${randomUUID().slice(0, 8)}@parcelwise.example`;
    const then = new Date();
    expect(await users.claimUsername(record(username), then)).toBe(true); // a claim whose user was never written
    const later = new Date(then.getTime() + 61_000);
    const rival = record(username);
    const late = record(username);
    // The rival's takeover lands just after the late one has read the stale claim, before it writes.
    const claimKey = `usernames/${digest(username)}`;
    const realFetch = globalThis.fetch;
    let interposed = false;
    globalThis.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      const url = decodeURIComponent(input instanceof Request ? input.url : String(input));
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      if (!interposed && method.toUpperCase() === 'GET' && url.includes(claimKey)) {
        interposed = true;
        expect(await users.claimUsername(rival, later)).toBe(true);
      }
      return response;
    };
    try {
      expect(await users.claimUsername(late, later)).toBe(false);
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(interposed).toBe(true);
    expect(await users.ownsClaim(rival)).toBe(true);
  });
});

describe('operator updates', () => {
  it('two commands at once do not undo each other (conditional writes on the etag)', async () => {
    const username = `ops-${randomUUID().slice(0, 8)}@parcelwise.example`;
    const created = await createUser({ username, password: 'first-password', name: 'Ops', role: 'user', createdBy: 'operator' });
    // One command reads the record; another changes it meanwhile; the first one's write, on the etag it read, loses.
    const read = (await users.byIdForUpdate(created.id))!;
    await setPassword(username, 'second-password');
    expect(await users.update({ ...read.value, disabled: true, sessionVersion: read.value.sessionVersion + 1 }, read.etag)).toBe(false);
    // Applied again from a fresh read (as updateUser does), both changes hold.
    await setDisabled(username, true);
    const user = await existingUser(username);
    expect(user.disabled).toBe(true);
    expect(await verifyPassword('second-password', user.passwordHash!)).toBe(true);
    expect(user.sessionVersion).toBe(3);
  }, 180_000);
});

describe('sign-in', () => {
  it('makes the same Blobs requests for an unknown username as for a known one with a wrong password', async () => {
    const username = `known-${randomUUID().slice(0, 8)}@parcelwise.example`;
    await createUser({ username, password: 'Lantern-orbit-72-quill', name: 'Known', role: 'user', createdBy: 'operator' });
    const shapes = async (name: string) => {
      requests.length = 0;
      await expect(signIn(name, 'wrong-password', { address: '10.60.0.1', userAgent: 't', knownDeviceId: null })).rejects.toMatchObject({
        status: 401,
      });
      return requests.map((line) => line.split(' ')[0]).sort();
    };
    await ensureDemoAccounts(); // once per process in local runs (vitest counts as one): not part of the comparison
    const known = await shapes(username);
    const unknown = await shapes(`unknown-${randomUUID().slice(0, 8)}@parcelwise.example`);
    expect(unknown).toEqual(known);
    expect(known.filter((type) => type === 'get')).toHaveLength(2); // the claim, then a user record (or a decoy)
  }, 180_000);
});

describe('sessions', () => {
  it('a session is refused after its 7 days even while its record exists', async () => {
    const user = await createUser({
      username: `exp-${randomUUID().slice(0, 8)}@parcelwise.example`,
      password: 'Lantern-orbit-72-quill',
      name: 'Expiring',
      role: 'user',
      createdBy: 'operator',
    });
    const origin = { address: '10.0.0.1', userAgent: 't' };
    const opened = new Date(Date.now() - 7 * 24 * 3600_000 - 1000);
    const cookie = await openSession(user, origin, opened);
    expect((await userForSession(cookie, origin, new Date(opened.getTime() + 1000)))?.id).toBe(user.id);
    expect(await userForSession(cookie, origin)).toBeNull();
    expect(await userForSession({ ...cookie, sessionId: 'A'.repeat(43) }, origin, new Date(opened.getTime() + 1000))).toBeNull();
  });

  it('a session ends after 12 hours without a request, and each request within them moves that limit', async () => {
    const user = await createUser({
      username: `idle-${randomUUID().slice(0, 8)}@parcelwise.example`,
      password: 'Lantern-orbit-72-quill',
      name: 'Idle',
      role: 'user',
      createdBy: 'operator',
    });
    const origin = { address: '10.0.0.2', userAgent: 'Mozilla/5.0 (Macintosh) Firefox/130.0' };
    const opened = new Date();
    const at = (hours: number) => new Date(opened.getTime() + hours * 3600_000);
    const cookie = await openSession(user, origin, opened);
    expect((await userForSession(cookie, origin, at(11)))?.id).toBe(user.id); // seen at 11 h (after the answer)
    await backgroundWorkDone();
    expect((await userForSession(cookie, origin, at(22)))?.id, '11 h after it was last seen').toBe(user.id);
    await backgroundWorkDone();
    expect(await userForSession(cookie, origin, at(34.5)), '12.5 h without a request').toBeNull();
    const [listed] = await sessionsOf(user.id);
    expect(listed?.seen).toMatchObject({ at: at(22).toISOString(), address: '10.0.0.2' });
  });
});

describe('passwords', () => {
  const withFastHashes = async (value: string | undefined, context: string | undefined, run: () => Promise<void>) => {
    const saved = { fast: process.env['PARCELWISE_FAST_HASHES'], context: process.env['CONTEXT'] };
    const set = (name: string, to: string | undefined) => (to === undefined ? delete process.env[name] : (process.env[name] = to));
    set('PARCELWISE_FAST_HASHES', value);
    set('CONTEXT', context);
    try {
      await run();
    } finally {
      set('PARCELWISE_FAST_HASHES', saved.fast);
      set('CONTEXT', saved.context);
    }
  };

  it('hashes with scrypt N = 2^17, r = 8, p = 1; the decoy uses the same; older hashes need a rehash', async () => {
    await withFastHashes(undefined, undefined, async () => {
      expect(PASSWORD_PARAMS).toEqual({ N: 131072, r: 8, p: 1 });
      const hash = await hashPassword('a-password');
      expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(decoyHash()).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(needsRehash(hash)).toBe(false);
      expect(needsRehash('scrypt$16384$8$1$c2FsdA$AAAA')).toBe(true);
      expect(await verifyPassword('a-password', hash)).toBe(true);
      expect(await verifyPassword('a-password', decoyHash())).toBe(false);
    });
  }, 180_000);

  it('hashes cheaply only for a local test run that asks (PARCELWISE_FAST_HASHES), never in a deployed context', async () => {
    await withFastHashes('true', undefined, async () => {
      const hash = await hashPassword('a-password');
      expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
      expect(decoyHash()).toMatch(/^scrypt\$1024\$8\$1\$/);
      expect(await verifyPassword('a-password', hash)).toBe(true);
    });
    for (const context of ['production', 'deploy-preview']) {
      await withFastHashes('true', context, async () => {
        expect(await hashPassword('a-password'), context).toMatch(/^scrypt\$131072\$8\$1\$/);
        expect(decoyHash(), context).toMatch(/^scrypt\$131072\$8\$1\$/);
      });
    }
  }, 180_000);
});

describe('journal writes that failed after their record', () => {
  const entriesOf = async (userId: string, kind: string) =>
    (await journal.since(new Date(Date.now() - 3600_000), new Date())).filter(
      (entry) => entry.userId === userId && entry.fact.kind === kind,
    );

  it('a lesson completed again has its lost journal entry written again, under the same key', async () => {
    const userId = randomUUID();
    const lessonId = (await getModule(1))!.lessons[0]!.id;
    await updateProgress(userId, 1, [lessonId]);
    const [first] = await entriesOf(userId, 'lesson');
    expect(first).toBeDefined();
    await journal.withdraw(userId, first!.id, first!.fact); // as if that journal write had failed (503)
    expect(await entriesOf(userId, 'lesson')).toHaveLength(0);
    await updateProgress(userId, 1, [lessonId]); // the client's retry
    expect(await entriesOf(userId, 'lesson')).toEqual([first]);
  });

  it('a daily challenge answered again has its lost journal entry written again, under the same key', async () => {
    const userId = randomUUID();
    const challenge = await getDailyChallenge(userId);
    await completeDailyChallenge(userId, { questionId: challenge.id, answerId: challenge.options[0]!.id });
    const [first] = await entriesOf(userId, 'challenge');
    await journal.withdraw(userId, first!.id, first!.fact);
    await completeDailyChallenge(userId, { questionId: challenge.id, answerId: challenge.options[0]!.id });
    expect(await entriesOf(userId, 'challenge')).toEqual([first]);
  });
});
