// Sign-in with the company's identity provider, against a real OpenID Connect provider (oidc-provider, in
// a process of its own so this process's clock can move): the button's round trip signs a verified
// address of an allowed domain in, making its account at the first sign-in and reusing an existing one;
// every failure of the callback ends on /auth with 'Login failed' and why, storing nothing, opening no session.
import { sealData, unsealData } from 'iron-session';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setDisabled } from '~/server/accounts/accounts';
import { cookieKey } from '~/server/accounts/session-cookie';
import { DEMO_ADMIN, DEMO_USER } from '~/server/demo-accounts';
import { listKeys } from '~/server/storage/blobs';
import { startOidcProcess } from '~tools/local-oidc/process';
import type { LocalOidc } from '~tools/local-oidc/server';
import { signInAtProvider } from '~tools/local-oidc/sign-in';
import { messageOf, useTestApp, type ApiClient } from './harness';

const t = useTestApp();
const IDENTITIES = [
  {
    login: 'new.hire@parcelwise.example',
    password: 'a-provider-password',
    email: 'new.hire@parcelwise.example',
    emailVerified: true,
    name: 'Nia Hire',
  },
  {
    login: 'unverified@parcelwise.example',
    password: 'a-provider-password',
    email: 'unverified@parcelwise.example',
    emailVerified: false,
    name: 'Una Verified',
  },
  {
    login: 'outsider@elsewhere.example',
    password: 'a-provider-password',
    email: 'outsider@elsewhere.example',
    emailVerified: true,
    name: 'Otto Sider',
  },
  {
    login: 'late.hire@parcelwise.example',
    password: 'a-provider-password',
    email: 'late.hire@parcelwise.example',
    emailVerified: true,
    name: 'Lena Late',
  },
  {
    login: 'leaver@parcelwise.example',
    password: 'a-provider-password',
    email: 'leaver@parcelwise.example',
    emailVerified: true,
    name: 'Lee Leaver',
  },
  {
    login: 'first.day@parcelwise.example',
    password: 'a-provider-password',
    email: 'first.day@parcelwise.example',
    emailVerified: true,
    name: 'Fay Day',
  },
  // Another person at the provider who was given an address an account is already bound to.
  {
    login: 'second.holder@provider.example',
    password: 'a-provider-password',
    email: 'new.hire@parcelwise.example',
    emailVerified: true,
    name: 'Someone Else',
    subject: 'another-subject-for-the-same-address',
  },
  // A verified address in fullwidth letters: NFKC would read it as alex@parcelwise.example.
  {
    login: 'fullwidth@provider.example',
    password: 'a-provider-password',
    email: '\uff41lex@parcelwise.example',
    emailVerified: true,
    name: 'Not Alex',
  },
];
let oidc: LocalOidc;
const SETTINGS = [
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_ALLOWED_DOMAINS',
  'OIDC_LABEL',
  'OIDC_SIGN_IN_ORIGIN',
  'OIDC_PREVIEW_ORIGINS',
  'PASSWORD_SIGNIN',
] as const;
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  oidc = await startOidcProcess({ appOrigins: ['http://localhost:8888'], identities: IDENTITIES, idTokenTtl: 60 });
}, 180_000);
afterAll(async () => {
  restore();
  await oidc?.stop();
});
const configure = (overrides: Record<string, string> = {}) => Object.assign(process.env, oidc.env, overrides);
function restore(): void {
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
}
afterEach(() => {
  vi.useRealTimers();
  restore();
});

/** Sends the client to the provider: the authorization URL it was redirected to. */
async function leaveForProvider(client: ApiClient): Promise<string> {
  const response = await client.get('/auth/sso');
  expect(response.status).toBe(303);
  const location = response.headers.get('location')!;
  expect(location.startsWith(`${oidc.issuer}/`)).toBe(true);
  return location;
}

/** The whole round trip up to the callback: the hub's answer to it. */
async function callbackFor(
  client: ApiClient,
  login: string,
  password = 'a-provider-password',
): Promise<{ response: Response; callback: URL }> {
  const callback = await signInAtProvider(await leaveForProvider(client), login, password);
  const response = await client.get(`${callback.pathname}${callback.search}`);
  return { response, callback };
}

/** The toast /auth shows after a failed callback. */
async function failureOnAuthPage(client: ApiClient, response: Response): Promise<string> {
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/auth');
  expect(client.cookie, 'no session').toBeNull();
  const page = await client.request('GET', '/auth', { headers: { Accept: 'text/html' } });
  const html = (await page.text()).replaceAll('&#39;', "'");
  expect(html).toContain('Login failed');
  return html;
}

const userCount = async () => (await listKeys('users/')).length;

describe('sign-in with the identity provider', () => {
  it('shows the button above the password form, with its label', async () => {
    configure();
    const html = await (await t.app.request('GET', '/auth', { headers: { Accept: 'text/html' } })).text();
    expect(html).toContain('Sign in with Parcelwise SSO (local)');
    expect(html.indexOf('data-testid="sso-button"')).toBeLessThan(html.indexOf('astro-island'));
  });

  it('signs a new person in, making the account at the first sign-in with the name from the token (role user)', async () => {
    configure();
    const client = t.app.client();
    const { response } = await callbackFor(client, 'new.hire@parcelwise.example');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    expect(client.cookie).not.toBeNull();
    const user = (await (await client.get('/api/user')).json()) as { username: string; name: string; role: string; id: string };
    expect(user).toMatchObject({ username: 'new.hire@parcelwise.example', name: 'Nia Hire', role: 'user' });
    const home = await (await client.request('GET', '/', { headers: { Accept: 'text/html' } })).text();
    expect(home).toContain('Welcome back Nia Hire');

    const again = t.app.client();
    await callbackFor(again, 'new.hire@parcelwise.example');
    expect(((await (await again.get('/api/user')).json()) as { id: string }).id, 'the same account, not a second').toBe(user.id);
  });

  it('uses the existing account of the same address: the demo learner, and the administrator stays one', async () => {
    configure();
    const byPassword = t.app.client();
    await byPassword.login(DEMO_USER.username, DEMO_USER.password);
    const passwordUser = (await (await byPassword.get('/api/user')).json()) as { id: string };
    const client = t.app.client();
    await callbackFor(client, DEMO_USER.username, DEMO_USER.password);
    expect(((await (await client.get('/api/user')).json()) as { id: string }).id).toBe(passwordUser.id);
    const admin = t.app.client();
    await callbackFor(admin, DEMO_ADMIN.username, DEMO_ADMIN.password);
    expect(((await (await admin.get('/api/user')).json()) as { role: string }).role).toBe('admin');
    expect((await admin.get('/api/team-progress')).status).toBe(200);
  });

  it('ends the password, sessions and known devices of an account a colleague registered with a new hire’s address', async () => {
    // The attack: a colleague with the invite code registers the hire's address before the first day and
    // keeps a password for it; the hire then signs in with the company provider.
    configure();
    const colleague = t.app.client();
    const password = 'a colleague kept this one';
    const registered = await colleague.post('/api/register', { username: 'first.day@parcelwise.example', password, name: 'Fay Day' });
    expect(registered.status).toBe(201);
    expect((await colleague.get('/api/user')).status).toBe(200);

    const hire = t.app.client();
    const { response } = await callbackFor(hire, 'first.day@parcelwise.example');
    expect(response.headers.get('location')).toBe('/');
    const account = (await (await hire.get('/api/user')).json()) as { id: string; username: string };
    expect(account).toMatchObject({ id: ((await registered.json()) as { id: string }).id, username: 'first.day@parcelwise.example' });

    expect((await colleague.get('/api/user')).status, 'the colleague’s session has ended').toBe(401);
    expect((await t.app.client().login('first.day@parcelwise.example', password)).status, 'the password no longer signs in').toBe(401);
    expect((await t.app.client().login('first.day@parcelwise.example', 'any other password')).status).toBe(401);
    expect((await hire.get('/api/user')).status, 'the hire stays signed in').toBe(200);
  });

  it('lets only the bound company identity in: another subject with the same address is refused', async () => {
    configure();
    const holder = t.app.client();
    await callbackFor(holder, 'new.hire@parcelwise.example');
    expect((await holder.get('/api/user')).status).toBe(200);
    const other = t.app.client();
    const { response } = await callbackFor(other, 'second.holder@provider.example');
    expect(await failureOnAuthPage(other, response)).toContain(
      'This address belongs to an account linked to another company identity. Ask an administrator.',
    );
  });

  it('refuses a verified address whose letters Unicode would fold into another person’s (fullwidth a → alex)', async () => {
    configure();
    const before = await userCount();
    const client = t.app.client();
    const { response } = await callbackFor(client, 'fullwidth@provider.example');
    expect(await failureOnAuthPage(client, response)).toContain(
      'The identity provider sent your address in a form this hub does not accept. Ask an administrator.',
    );
    expect(await userCount()).toBe(before);
  });

  it('refuses an address the provider did not verify, and stores nothing', async () => {
    configure();
    const before = await userCount();
    const client = t.app.client();
    const { response } = await callbackFor(client, 'unverified@parcelwise.example');
    expect(await failureOnAuthPage(client, response)).toContain('The identity provider did not confirm a verified e-mail address for you.');
    expect(await userCount()).toBe(before);
  });

  it('refuses an address of a domain that is not allowed, and stores nothing', async () => {
    configure();
    const before = await userCount();
    const client = t.app.client();
    const { response } = await callbackFor(client, 'outsider@elsewhere.example');
    expect(await failureOnAuthPage(client, response)).toContain('Only addresses of parcelwise.example can sign in here.');
    expect(await userCount()).toBe(before);
  });

  it('refuses a disabled account and says why', async () => {
    configure();
    await callbackFor(t.app.client(), 'leaver@parcelwise.example');
    await setDisabled('leaver@parcelwise.example', true);
    const client = t.app.client();
    const { response } = await callbackFor(client, 'leaver@parcelwise.example');
    expect(await failureOnAuthPage(client, response)).toContain('This account is disabled. Ask an administrator to enable it.');
  });

  it("makes no account past the day's limit on new accounts and says why; an existing person still signs in", async () => {
    configure();
    await callbackFor(t.app.client(), 'new.hire@parcelwise.example'); // an account that exists
    const saved = process.env['REGISTRATIONS_PER_DAY'];
    process.env['REGISTRATIONS_PER_DAY'] = String((await listKeys('new-accounts/')).length);
    try {
      const before = await userCount();
      const client = t.app.client();
      const { response } = await callbackFor(client, 'late.hire@parcelwise.example');
      expect(await failureOnAuthPage(client, response)).toContain(
        `Too many new accounts today (at most ${process.env['REGISTRATIONS_PER_DAY']} a day). Please try again later.`,
      );
      expect(await userCount()).toBe(before);
      const known = t.app.client();
      expect((await callbackFor(known, 'new.hire@parcelwise.example')).response.headers.get('location')).toBe('/');
      expect(known.cookie).not.toBeNull();
    } finally {
      if (saved === undefined) delete process.env['REGISTRATIONS_PER_DAY'];
      else process.env['REGISTRATIONS_PER_DAY'] = saved;
    }
  });

  it('refuses a callback whose state does not match, or that arrives without the pending sign-in', async () => {
    configure();
    const client = t.app.client();
    const callback = await signInAtProvider(await leaveForProvider(client), 'new.hire@parcelwise.example', 'a-provider-password');
    callback.searchParams.set('state', 'forged-state');
    const forged = await client.get(`${callback.pathname}${callback.search}`);
    expect(await failureOnAuthPage(client, forged)).toContain('The sign-in expired or was started in another window. Please try again.');

    const other = t.app.client(); // never went to the provider: no pending sign-in
    const missing = await other.get('/auth/callback?code=abc&state=def');
    expect(await failureOnAuthPage(other, missing)).toContain('The sign-in expired or was started in another window.');
  });

  it('refuses a replayed code', async () => {
    configure();
    const client = t.app.client();
    const callback = await signInAtProvider(await leaveForProvider(client), 'new.hire@parcelwise.example', 'a-provider-password');
    const pending = client.otherCookies.get('pw_oidc')!;
    expect((await client.get(`${callback.pathname}${callback.search}`)).status).toBe(303);
    const attacker = t.app.client();
    attacker.otherCookies.set('pw_oidc', pending);
    const replayed = await attacker.get(`${callback.pathname}${callback.search}`);
    expect(await failureOnAuthPage(attacker, replayed)).toContain(
      "The identity provider's answer could not be verified. Please try again.",
    );
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    configure();
    const client = t.app.client();
    const callback = await signInAtProvider(await leaveForProvider(client), 'new.hire@parcelwise.example', 'a-provider-password');
    const pending = await unsealData<{ state: string; nonce: string; codeVerifier: string }>(client.otherCookies.get('pw_oidc')!, {
      password: cookieKey('oidc'),
    });
    const forged = await sealData({ ...pending, nonce: 'another-nonce' }, { password: cookieKey('oidc'), ttl: 600 });
    client.otherCookies.set('pw_oidc', forged);
    const response = await client.get(`${callback.pathname}${callback.search}`);
    expect(await failureOnAuthPage(client, response)).toContain("The identity provider's answer could not be verified.");
  });

  it('refuses an expired ID token', async () => {
    configure();
    const client = t.app.client();
    const callback = await signInAtProvider(await leaveForProvider(client), 'new.hire@parcelwise.example', 'a-provider-password');
    // The provider's tokens live 60 s; this process now lives 5 minutes later (the pending sign-in, 10).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 });
    const response = await client.get(`${callback.pathname}${callback.search}`);
    vi.useRealTimers();
    expect(await failureOnAuthPage(client, response)).toContain("The identity provider's answer could not be verified.");
  });

  it('refuses a provider that is not the configured issuer', async () => {
    configure({ OIDC_ISSUER: oidc.issuer.replace('127.0.0.1', 'localhost') });
    const client = t.app.client();
    const response = await client.get('/auth/sso');
    expect(await failureOnAuthPage(client, response)).toContain("The identity provider's answer could not be verified.");
  });

  it('says so when the provider cannot be reached', async () => {
    configure({ OIDC_ISSUER: 'http://127.0.0.1:9' });
    const client = t.app.client();
    const response = await client.get('/auth/sso');
    expect(await failureOnAuthPage(client, response)).toContain(
      'The identity provider could not be reached. Please try again in a moment.',
    );
  });

  it('says when the person cancelled at the provider', async () => {
    configure();
    const client = t.app.client();
    await leaveForProvider(client);
    const response = await client.get('/auth/callback?error=access_denied&state=x');
    expect(await failureOnAuthPage(client, response)).toContain('The sign-in was cancelled at the identity provider.');
  });
});

describe('a deploy preview signing in through the site registered with the provider', () => {
  // The provider knows production's callback and production's relay for previews (http://localhost:8888
  // here); the preview is another address of the same app, as a Netlify deploy preview is another deploy.
  const PRODUCTION = 'http://localhost:8888';
  const PREVIEW = 'http://deploy-preview-7--hub.localhost:8888';
  const asPreview = { OIDC_SIGN_IN_ORIGIN: PRODUCTION, OIDC_PREVIEW_ORIGINS: 'http://*--hub.localhost:8888' };
  const withPreviewOrigin = (state: string) => `${state}.${Buffer.from(PREVIEW).toString('base64url')}`;
  const signedInAs = async (client: ApiClient) => {
    const response = await client.get('/api/user');
    return response.status === 200 ? ((await response.json()) as { username: string }).username : null;
  };

  it('goes to the provider with production’s relay, is sent back through it, and signs in on the preview', async () => {
    configure(asPreview);
    const client = t.app.client();
    const leaving = await client.get(`${PREVIEW}/auth/sso`);
    expect(leaving.status).toBe(303);
    const authorization = new URL(leaving.headers.get('location')!);
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${PRODUCTION}/auth/preview-callback`);
    const answer = await signInAtProvider(authorization.href, 'late.hire@parcelwise.example', 'a-provider-password');
    expect(`${answer.origin}${answer.pathname}`).toBe(`${PRODUCTION}/auth/preview-callback`);

    const relayed = await client.get(`${answer.pathname}${answer.search}`);
    expect(relayed.status).toBe(303);
    expect(relayed.headers.get('location')).toBe(`${PREVIEW}/auth/callback${answer.search}`);
    expect(client.cookie, 'production opens no session').toBeNull();

    const signedIn = await client.get(relayed.headers.get('location')!);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/');
    expect(await signedInAs(client)).toBe('late.hire@parcelwise.example');
  });

  it('sends nothing to an address production does not allow: Login failed there, and no session anywhere', async () => {
    configure({ ...asPreview, OIDC_PREVIEW_ORIGINS: 'http://*--other.localhost:8888' });
    const client = t.app.client();
    const authorization = (await client.get(`${PREVIEW}/auth/sso`)).headers.get('location')!;
    const answer = await signInAtProvider(authorization, 'late.hire@parcelwise.example', 'a-provider-password');
    const response = await client.get(`${answer.pathname}${answer.search}`);
    expect(await failureOnAuthPage(client, response)).toContain('Login failed');
  });

  it('never relays a code issued for production’s own callback, so the holder of its pending sign-in is not signed in', async () => {
    // The attack: production's own authorization URL (the attacker keeps its sealed PKCE cookie), a preview
    // address appended to its state, the link sent to a victim who signs in as alex.
    configure({ OIDC_PREVIEW_ORIGINS: asPreview.OIDC_PREVIEW_ORIGINS });
    const attacker = t.app.client();
    const authorization = new URL(await leaveForProvider(attacker));
    const originalState = authorization.searchParams.get('state')!;
    authorization.searchParams.set('state', withPreviewOrigin(originalState));
    const answer = await signInAtProvider(authorization.href, DEMO_USER.username, DEMO_USER.password);
    expect(answer.pathname).toBe('/auth/callback');

    const victim = t.app.client();
    const atProduction = await victim.get(`${answer.pathname}${answer.search}`);
    expect(atProduction.headers.get('location'), 'the code stays at production').toBe('/auth');
    await failureOnAuthPage(victim, atProduction);
    expect(await signedInAs(attacker), 'the holder of the original cookie').toBeNull();
    expect(await signedInAs(victim)).toBeNull();
  });

  it('never redeems at production a code issued for the preview relay, even with production’s own state and PKCE cookie', async () => {
    // The same attack sent through the relay: the code reaches the preview, and the attacker brings it
    // back to production's callback with the original state and the cookie that holds its verifier.
    configure({ OIDC_PREVIEW_ORIGINS: asPreview.OIDC_PREVIEW_ORIGINS });
    const attacker = t.app.client();
    const authorization = new URL(await leaveForProvider(attacker));
    const originalState = authorization.searchParams.get('state')!;
    authorization.searchParams.set('state', withPreviewOrigin(originalState));
    authorization.searchParams.set('redirect_uri', `${PRODUCTION}/auth/preview-callback`);
    const answer = await signInAtProvider(authorization.href, DEMO_USER.username, DEMO_USER.password);
    const relayed = await t.app.client().get(`${answer.pathname}${answer.search}`);
    const atPreview = new URL(relayed.headers.get('location')!);
    expect(atPreview.origin).toBe(PREVIEW);

    const code = atPreview.searchParams.get('code')!;
    const iss = atPreview.searchParams.get('iss')!;
    const redeemed = await attacker.get(`/auth/callback?${new URLSearchParams({ code, state: originalState, iss })}`);
    await failureOnAuthPage(attacker, redeemed);
    expect(await signedInAs(attacker)).toBeNull();
  });
});

describe('the settings', () => {
  it('answer 503 naming a missing or inconsistent OIDC setting', async () => {
    configure({ OIDC_CLIENT_ID: '' });
    expect(await messageOf(await t.app.request('GET', '/api/user'), 503)).toBe('OIDC_CLIENT_ID is required when OIDC_ISSUER is set.');
    configure({ OIDC_ALLOWED_DOMAINS: 'not a domain' });
    expect(await messageOf(await t.app.request('GET', '/api/user'), 503)).toBe(
      'OIDC_ALLOWED_DOMAINS must list e-mail domains separated by commas (not "not a domain").',
    );
    restore();
    process.env['OIDC_CLIENT_ID'] = 'a-client';
    expect(await messageOf(await t.app.request('GET', '/api/user'), 503)).toBe(
      "OIDC_CLIENT_ID is set but OIDC_ISSUER is not. Set OIDC_ISSUER to the identity provider's issuer URL.",
    );
    configure({ OIDC_SIGN_IN_ORIGIN: 'https://hub.parcelwise.example/auth/callback' });
    expect(await messageOf(await t.app.request('GET', '/api/user'), 503)).toBe(
      'OIDC_SIGN_IN_ORIGIN must be the https address of the site the provider sends people back to, like https://hub.example.com (not "https://hub.parcelwise.example/auth/callback").',
    );
    for (const bad of ['https://*.netlify.app/x', 'https://hub.*.netlify.app', 'ftp://*--hub.netlify.app', 'https://*']) {
      restore();
      configure({ OIDC_PREVIEW_ORIGINS: `https://*--hub.netlify.app, ${bad}` });
      expect(await messageOf(await t.app.request('GET', '/api/user'), 503), bad).toBe(
        `OIDC_PREVIEW_ORIGINS must list https addresses separated by commas, * standing for part of the first label, like https://*--hub.netlify.app (not "${bad}").`,
      );
    }
    restore();
    process.env['PASSWORD_SIGNIN'] = 'sometimes';
    expect(await messageOf(await t.app.request('GET', '/api/user'), 503)).toBe('PASSWORD_SIGNIN must be on, admins or off.');
  });

  it('PASSWORD_SIGNIN=off hides the form and refuses a password with a clear message', async () => {
    configure({ PASSWORD_SIGNIN: 'off' });
    const html = await (await t.app.request('GET', '/auth', { headers: { Accept: 'text/html' } })).text();
    expect(html).toContain('Password sign-in is turned off here.');
    expect(html).not.toContain('astro-island');
    expect(await messageOf(await t.app.client().login(DEMO_USER.username, DEMO_USER.password), 403)).toBe(
      'Password sign-in is turned off here. Use "Sign in with Parcelwise SSO (local)".',
    );
    expect(
      (await t.app.client().post('/api/register', { username: 'x@parcelwise.example', password: 'a-long-password-1', name: 'X' })).status,
    ).toBe(403);
  });

  it('PASSWORD_SIGNIN=admins keeps the password form for administrators only', async () => {
    configure({ PASSWORD_SIGNIN: 'admins' });
    expect(await messageOf(await t.app.client().login(DEMO_USER.username, DEMO_USER.password), 403)).toBe(
      'Password sign-in is for administrators only. Use "Sign in with Parcelwise SSO (local)".',
    );
    expect((await t.app.client().login(DEMO_ADMIN.username, DEMO_ADMIN.password)).status).toBe(200);
  });
});
