// How the built site behaves when deployed (no local-run flag): no demo accounts, registration
// closed unless SIGNUP_CODE is set, SESSION_SECRET required; and operator actions ending sessions.
// In process only: these tests change the server's environment between requests.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser, deleteUser, setDisabled, setPassword } from '~/server/accounts/accounts';
import { blobsStoreName } from '~/server/config';
import { DEMO_USER } from '~/server/demo-accounts';
import { startApp, type TestApp, messageOf, credentials } from './harness';

const inProcess = process.env['API_BASE_URL'] === undefined;
let app: TestApp;
const SECRET = 'a-deployed-session-secret-of-at-least-32-chars';

beforeAll(async () => {
  if (!inProcess) return;
  app = await startApp();
  delete process.env['PARCELWISE_LOCAL'];
  process.env['SESSION_SECRET'] = SECRET;
});
afterEach(() => {
  delete process.env['SIGNUP_CODE'];
  process.env['SESSION_SECRET'] = SECRET;
});
afterAll(async () => {
  delete process.env['SESSION_SECRET'];
  if (inProcess) await app.stop();
});

const newcomer = (suffix: string) => ({
  username: `new-${suffix}-${Date.now()}@parcelwise.example`,
  password: 'long-enough-pw',
  name: 'Newcomer',
});

describe.skipIf(!inProcess)('a deployed site', () => {
  it('seeds no demo accounts', async () => {
    const response = await app.request('POST', '/api/login', { body: credentials(DEMO_USER), ip: '10.9.0.1' });
    expect(response.status).toBe(401);
  });

  it('keeps registration closed without SIGNUP_CODE', async () => {
    const response = await app.request('POST', '/api/register', { body: newcomer('closed') });
    expect(response.status).toBe(403);
    expect(await messageOf(response)).toBe('Registration is closed. Ask an administrator for an account.');
  });

  it('opens registration only with the matching invite code', async () => {
    process.env['SIGNUP_CODE'] = 'welcome-2026-parcelwise';
    const missing = await app.request('POST', '/api/register', { body: newcomer('nocode') });
    expect(missing.status).toBe(403);
    expect(await messageOf(missing)).toBe('inviteCode: The invite code is not valid');
    const wrong = await app.request('POST', '/api/register', { body: { ...newcomer('wrong'), inviteCode: 'guess' } });
    expect(wrong.status).toBe(403);
    const right = await app.request('POST', '/api/register', { body: { ...newcomer('right'), inviteCode: 'welcome-2026-parcelwise' } });
    expect(right.status).toBe(201);
  });

  it('throttles wrong invite codes per address: the 11th in 15 minutes answers 429 with Retry-After', async () => {
    process.env['SIGNUP_CODE'] = 'welcome-2026-parcelwise';
    const ip = '10.20.0.1';
    for (let guess = 0; guess < 10; guess++) {
      const wrong = await app.request('POST', '/api/register', {
        body: { ...newcomer(`guess${guess}`), inviteCode: `guess-${guess}` },
        ip,
      });
      expect(await messageOf(wrong, 403)).toBe('inviteCode: The invite code is not valid');
    }
    const blocked = await app.request('POST', '/api/register', {
      body: { ...newcomer('blocked'), inviteCode: 'welcome-2026-parcelwise' },
      ip,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await messageOf(blocked)).toBe('Too many wrong invite codes. Please try again later.');
    const elsewhere = await app.request('POST', '/api/register', {
      body: { ...newcomer('elsewhere'), inviteCode: 'welcome-2026-parcelwise' },
      ip: '10.20.0.2',
    });
    expect(elsewhere.status).toBe(201);
  });

  it('answers 503 naming SIGNUP_CODE when it is shorter than 16 characters', async () => {
    process.env['SIGNUP_CODE'] = 'welcome-2026';
    for (const path of ['/api/register', '/api/user']) {
      const response = await app.request(path === '/api/user' ? 'GET' : 'POST', path, {
        body: path === '/api/user' ? undefined : newcomer('short'),
      });
      expect(await messageOf(response, 503)).toBe('SIGNUP_CODE must be at least 16 characters long.');
    }
    const page = await app.request('GET', '/auth', { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('SIGNUP_CODE must be at least 16 characters long.');
  });

  it('refuses the public development SESSION_SECRET', async () => {
    process.env['SESSION_SECRET'] = 'local-only-parcelwise-session-secret-do-not-deploy';
    const response = await app.request('GET', '/api/user');
    expect(await messageOf(response, 503)).toBe(
      'SESSION_SECRET is the public development secret. Set a secret of your own (32+ characters).',
    );
  });

  it('answers 503 naming SESSION_SECRET when it is missing or too short', async () => {
    delete process.env['SESSION_SECRET'];
    const missing = await app.request('POST', '/api/login', { body: { username: 'a@b.c', password: 'whatever1' } });
    expect(missing.status).toBe(503);
    expect(await messageOf(missing)).toBe('SESSION_SECRET is not set. Set it (32+ characters) in the Netlify site settings.');
    process.env['SESSION_SECRET'] = 'too-short';
    const short = await app.request('GET', '/api/user');
    expect(short.status).toBe(503);
    expect(await messageOf(short)).toBe('SESSION_SECRET must be at least 32 characters long.');
  });
});

/** The Netlify runtime's global (functions v2): the deploy context of the request being served. */
const runtime = globalThis as { Netlify?: { context: { deploy: { context?: string } } | null } };

describe.skipIf(!inProcess)('a deploy preview with a local flag set', () => {
  afterEach(() => {
    delete process.env['CONTEXT'];
    delete process.env['PARCELWISE_LOCAL'];
    delete process.env['SITE_ID'];
    delete runtime.Netlify;
  });

  it('(deploy-preview named by the Netlify runtime, no CONTEXT) is never local: no demo accounts, closed registration, its own store', async () => {
    runtime.Netlify = { context: { deploy: { context: 'deploy-preview' } } };
    process.env['PARCELWISE_LOCAL'] = 'true';
    const login = await app.request('POST', '/api/login', { body: credentials(DEMO_USER), ip: '10.21.1.1' });
    expect(login.status).toBe(401);
    const register = await app.request('POST', '/api/register', { body: newcomer('runtime-preview') });
    expect(await messageOf(register, 403)).toBe('Registration is closed. Ask an administrator for an account.');
    expect(blobsStoreName()).toBe('learning-hub-deploy-preview');
  });

  it.each([
    ['the runtime without a deploy context', () => (runtime.Netlify = { context: { deploy: {} } })],
    ["Netlify's SITE_ID", () => (process.env['SITE_ID'] = '5b1d0c4e-site')],
  ])('(on Netlify, %s) is never local either', async (_case, onNetlify) => {
    onNetlify();
    process.env['PARCELWISE_LOCAL'] = 'true';
    const login = await app.request('POST', '/api/login', { body: credentials(DEMO_USER), ip: '10.21.2.1' });
    expect(login.status).toBe(401);
    const register = await app.request('POST', '/api/register', { body: newcomer('unknown-context') });
    expect(await messageOf(register, 403)).toBe('Registration is closed. Ask an administrator for an account.');
  });

  it.each(['deploy-preview', 'production', 'branch-deploy'])(
    '(%s) is never local: no demo accounts, closed registration, its own store',
    async (context) => {
      process.env['CONTEXT'] = context;
      process.env['PARCELWISE_LOCAL'] = 'true';
      const login = await app.request('POST', '/api/login', { body: credentials(DEMO_USER), ip: `10.21.0.${context.length}` });
      expect(login.status).toBe(401);
      const register = await app.request('POST', '/api/register', { body: newcomer(`ctx-${context}`) });
      expect(await messageOf(register, 403)).toBe('Registration is closed. Ask an administrator for an account.');
      expect(blobsStoreName()).toBe(context === 'production' ? 'learning-hub' : `learning-hub-${context}`);
    },
  );

  it('(deploy-preview) does not accept the development secret either', async () => {
    process.env['CONTEXT'] = 'deploy-preview';
    process.env['PARCELWISE_LOCAL'] = 'true';
    delete process.env['SESSION_SECRET'];
    expect(await messageOf(await app.request('GET', '/api/user'), 503)).toBe(
      'SESSION_SECRET is not set. Set it (32+ characters) in the Netlify site settings.',
    );
  });
});

describe.skipIf(!inProcess)('operator actions end existing sessions on the next request', () => {
  async function signedInOperatorUser(label: string) {
    const account = {
      username: `op-${label}-${Date.now()}@parcelwise.example`,
      password: 'Lantern-orbit-72-quill',
      name: `Op ${label}`,
      role: 'user' as const,
      createdBy: 'operator' as const,
    };
    await createUser(account);
    const client = app.client();
    expect((await client.login(account.username, account.password)).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    return { account, client };
  }

  it('disabling a user', async () => {
    const { account, client } = await signedInOperatorUser('disable');
    await setDisabled(account.username, true);
    expect((await client.get('/api/user')).status).toBe(401);
    const again = await app.client().login(account.username, account.password);
    expect(again.status).toBe(401);
    await setDisabled(account.username, false);
    expect((await app.client().login(account.username, account.password)).status).toBe(200);
  });

  it('deleting a user', async () => {
    const { account, client } = await signedInOperatorUser('delete');
    await deleteUser(account.username);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await client.request('GET', '/', { headers: { Accept: 'text/html' } })).status).toBe(302);
  });

  it('changing the password', async () => {
    const { account, client } = await signedInOperatorUser('password');
    await setPassword(account.username, 'Quiet-harbor-lantern-81');
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await app.client().login(account.username, 'Lantern-orbit-72-quill')).status).toBe(401);
    expect((await app.client().login(account.username, 'Quiet-harbor-lantern-81')).status).toBe(200);
  });
});
