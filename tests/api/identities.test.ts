// Registration identities (docs/decisions.md "Identities"): usernames are normalised e-mail addresses
// without control or invisible characters, look-alikes of the administrator address are refused, display
// names are 1–80 visible characters; and the administrator address never promotes a self-registered account.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicUserSchema } from '~/shared/api/users';
import { createUser, indexLookalikes } from '~/server/accounts/accounts';
import { hashPassword } from '~/server/accounts/passwords';
import { signInWithIdentity } from '~/server/accounts/sso';
import { users } from '~/server/accounts/storage/users';
import { normalizeUsername } from '~/server/accounts/usernames';
import { backgroundWorkDone } from '~/server/background';
import { expectJson, messageOf, useTestApp } from './harness';

const t = useTestApp();
const inProcess = process.env['API_BASE_URL'] === undefined;
const register = (body: Record<string, unknown>) =>
  t.app.request('POST', '/api/register', { body: { password: 'long-enough-pw', name: 'Someone', ...body } });
const unique = () => randomUUID().slice(0, 8);
const LOOKALIKE_MESSAGE = 'Username is too similar to an existing account';

afterEach(() => {
  delete process.env['ADMIN_USERNAME'];
  vi.restoreAllMocks();
});

describe('usernames', () => {
  it.each([
    ['a Cyrillic а', '\u0430dmin@parcelwise.example'],
    ['a Greek α', '\u03b1dmin@parcelwise.example'],
    ['a Cyrillic і and е', 'adm\u0456n@parc\u0435lwise.example'],
    ['fullwidth letters', '\uff41\uff44\uff4d\uff49\uff4e@parcelwise.example'],
    ['rn for m', 'adrnin@parcelwise.example'],
    ['a combining accent', 'a\u0301dmin@parcelwise.example'],
    ['a digit 1 for i', 'adm1n@parcelwise.example'],
    ['an all-Cyrillic look-alike', '\u0430dm\u0456n@\u0440\u0430r\u0441\u0435lw\u0456s\u0435.\u0435x\u0430mpl\u0435'],
  ])('refuses a look-alike of the administrator address (%s) with 400 naming the field', async (_case, username) => {
    const response = await register({ username });
    expect(await messageOf(response, 400)).toBe('username: Username is too similar to the administrator address');
  });

  it.each([
    ['a zero-width space', 'admin@parcelwise.example\u200b'],
    ['a right-to-left override', `\u202e${unique()}@parcelwise.example`],
    ['a NUL', `nul\u0000${unique()}@parcelwise.example`],
    ['a soft hyphen', `soft\u00ad${unique()}@parcelwise.example`],
    ['a byte order mark inside', `bom\ufeff${unique()}@parcelwise.example`],
  ])('refuses a username with %s with 400 naming the field', async (_case, username) => {
    const response = await register({ username });
    expect(await messageOf(response, 400)).toBe('username: Username must not contain control or invisible characters');
  });

  it.each(['no-at-sign', 'two@@signs.example', 'space in@parcelwise.example', 'nodot@localhost', '@parcelwise.example'])(
    'refuses %j as not an e-mail address',
    async (username) => {
      expect(await messageOf(await register({ username }), 400)).toBe('username: Username must be an e-mail address');
    },
  );

  it('stores the NFKC, trimmed, lower-case form', async () => {
    const id = unique();
    const response = await register({ username: `  \uff22\uff2f\uff22-${id}@Parcelwise.Example ` });
    const user = await expectJson(response, 201, publicUserSchema);
    expect(user.username).toBe(`bob-${id}@parcelwise.example`);
    const again = await register({ username: `BOB-${id}@parcelwise.example` });
    expect(await messageOf(again, 409)).toBe('Username may already exist');
  });
});

describe('look-alikes of existing accounts', () => {
  it('refuses alex@parcelwise.example spelt with a Cyrillic а (409) while the demo learner’s exists; a plain different name registers', async () => {
    // alex@parcelwise.example is the demo learner, made on a local run's first registration or sign-in.
    expect(await messageOf(await register({ username: '\u0430lex@parcelwise.example' }), 409)).toBe(LOOKALIKE_MESSAGE);
    expect((await register({ username: `alexandra-${unique()}@parcelwise.example` })).status).toBe(201);
  });

  it.each([
    ['rn for m', (id: string) => `rnona-${id}@parcelwise.example`],
    ['0 for o', (id: string) => `m0na-${id}@parcelwise.example`],
    ['a Greek ο', (id: string) => `m\u03bfna-${id}@parcelwise.example`],
    ['I for l in the domain', (id: string) => `mona-${id}@parceIwise.example`],
  ])('refuses a look-alike (%s) of an account registered earlier', async (_case, lookalike) => {
    const id = unique();
    expect((await register({ username: `mona-${id}@parcelwise.example` })).status).toBe(201);
    expect(await messageOf(await register({ username: lookalike(id) }), 409)).toBe(LOOKALIKE_MESSAGE);
  });
});

describe.skipIf(!inProcess)('look-alikes on the other paths that make accounts', () => {
  it('the CLI and a first sign-in with the identity provider refuse a look-alike of an existing account too', async () => {
    await expect(
      createUser({
        username: 'a1ex@parcelwise.example',
        password: 'Lantern-orbit-72-quill',
        name: 'Al',
        role: 'user',
        createdBy: 'operator',
      }),
    ).rejects.toMatchObject({ status: 409, message: LOOKALIKE_MESSAGE });
    const origin = { address: '10.80.0.1', userAgent: 'test' };
    const lookalike = { issuer: 'https://idp.example', subject: 'fake-alex', email: '\u0430lex@parcelwise.example', name: 'Fake Alex' };
    await expect(signInWithIdentity(lookalike, origin)).rejects.toMatchObject({ name: 'SsoFailure', reason: 'lookalike' });
    expect(await users.byUsername(normalizeUsername('\u0430lex@parcelwise.example'))).toBeNull();
  });

  it('claims the look-alike key of an account made before it existed: by `npm run user -- lookalikes`, or at its next sign-in', async () => {
    const older = async (username: string) => {
      const user = { id: randomUUID(), username, name: 'Older', role: 'user' as const, avatar: null, disabled: false, sessionVersion: 1 };
      const stored = { ...user, passwordHash: await hashPassword('Lantern-orbit-72-quill'), createdAt: new Date().toISOString() };
      // As accounts were stored before: the record and the username's claim, nothing more.
      expect(await users.claimUsername(stored, new Date())).toBe(true);
      await users.save(stored);
      return username;
    };
    const quiet = await older(`quiet-${unique()}@parcelwise.example`);
    const report = await indexLookalikes();
    expect(report.lookalikes).toEqual([]);
    expect(await messageOf(await register({ username: quiet.replace('quiet', 'qu1et') }), 409)).toBe(LOOKALIKE_MESSAGE);
    const active = await older(`active-${unique()}@parcelwise.example`);
    expect((await t.app.client().login(active, 'Lantern-orbit-72-quill')).status).toBe(200);
    await backgroundWorkDone();
    expect(await messageOf(await register({ username: active.replace('active', 'actlve') }), 409)).toBe(LOOKALIKE_MESSAGE);
  });
});

describe('display names', () => {
  it.each([
    ['a NUL', 'Mallory\u0000Admin'],
    ['a right-to-left override', 'Mallory \u202enimdA'],
    ['a zero-width joiner', 'Avery\u200dAdmin'],
    ['a line separator', 'Avery\u2028Admin'],
    ['a tab', 'Avery\tAdmin'],
  ])('refuses a name with %s with 400 naming the field', async (_case, name) => {
    const response = await register({ username: `n-${unique()}@parcelwise.example`, name });
    expect(await messageOf(response, 400)).toBe('name: Name must not contain control or invisible characters');
  });

  it('takes 1 to 80 characters after trimming', async () => {
    expect(await messageOf(await register({ username: `n-${unique()}@parcelwise.example`, name: 'x'.repeat(81) }), 400)).toBe(
      'name: Name must be at most 80 characters',
    );
    expect(await messageOf(await register({ username: `n-${unique()}@parcelwise.example`, name: '   ' }), 400)).toBe(
      'name: Name is required',
    );
    const ok = await register({ username: `n-${unique()}@parcelwise.example`, name: ` ${'Ü'.repeat(80)} ` });
    expect((await expectJson(ok, 201, publicUserSchema)).name).toBe('Ü'.repeat(80));
  });
});

describe.skipIf(!inProcess)('the administrator address rule', () => {
  it('does not promote a self-registered account when ADMIN_USERNAME is set to it later, and says so in the log', async () => {
    const username = `boss-${unique()}@parcelwise.example`;
    const client = t.app.client();
    expect((await client.post('/api/register', { username, password: 'long-enough-pw', name: 'Self Made' })).status).toBe(201);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    process.env['ADMIN_USERNAME'] = username;
    const me = await expectJson(await client.get('/api/user'), 200, publicUserSchema);
    expect(me.role).toBe('user');
    expect((await client.get('/api/team-progress')).status).toBe(403);
    expect(warn.mock.calls.flat().join(' ')).toContain(`ADMIN_USERNAME is ${username}, an account that registered itself`);
  });

  it('makes the operator’s account at that address an administrator', async () => {
    const username = `chief-${unique()}@parcelwise.example`;
    await createUser({ username, password: 'long-enough-pw', name: 'Chief', role: 'user', createdBy: 'operator' });
    process.env['ADMIN_USERNAME'] = username;
    const client = t.app.client();
    expect((await client.login(username, 'long-enough-pw')).status).toBe(200);
    expect((await client.get('/api/team-progress')).status).toBe(200);
  });
});
