// The account calls of docs/product.md "API calls" with the rules of docs/decisions.md "Accounts and sessions" and "The API".
import { randomUUID } from 'node:crypto';
import { publicUserSchema } from '~/shared/api/users';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USER } from '~/server/demo-accounts';
import { signIn, signUp, messageOf, credentials, expectJson, useTestApp } from './harness';

const t = useTestApp();

const uniqueUsername = () => `u-${randomUUID().slice(0, 8)}@parcelwise.example`;

describe('GET /api/user', () => {
  it('answers 401 with a JSON message when signed out', async () => {
    const response = await t.app.request('GET', '/api/user');
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await messageOf(response)).toBe('Not signed in');
  });

  it('answers the signed-in user without secrets', async () => {
    const client = await signIn(t.app, DEMO_ADMIN);
    const user = await expectJson(await client.get('/api/user'), 200, publicUserSchema);
    expect(user).toMatchObject({ username: DEMO_ADMIN.username, role: 'admin', name: 'Avery Admin' });
    expect(Object.keys(user).sort()).toEqual(['avatar', 'id', 'name', 'role', 'username']);
  });
});

describe('POST /api/login', () => {
  it('trims the username and sets an httpOnly, SameSite=Lax, 7-day session cookie', async () => {
    const client = t.app.client();
    const response = await client.login(`  ${DEMO_USER.username}  `, DEMO_USER.password);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ username: DEMO_USER.username });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('pw_session='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie!)?.[1]);
    expect(maxAge).toBeGreaterThan(7 * 24 * 3600 - 120);
    expect(maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
    expect(cookie).not.toMatch(/;\s*Secure/i); // localhost is plain http
  });

  it.skipIf(process.env['API_BASE_URL'] !== undefined)('marks the cookie Secure outside localhost', async () => {
    const response = await t.app.request('POST', 'https://learning.parcelwise.example/api/login', { body: credentials(DEMO_USER) });
    expect(response.status).toBe(200);
    // Over https the cookie carries the __Host- prefix (Secure, Path=/, no Domain).
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__Host-pw_session='));
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('pw_session='))).toBe(false);
  });

  it('answers the same 401 for an unknown user and a wrong password', async () => {
    const unknown = await t.app.request('POST', '/api/login', {
      body: { username: uniqueUsername(), password: 'whatever-123' },
      ip: '10.0.0.1',
    });
    const wrong = await t.app.request('POST', '/api/login', {
      body: { username: DEMO_USER.username, password: 'not-the-password' },
      ip: '10.0.0.2',
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await messageOf(unknown)).toBe('Invalid username or password');
    expect(await messageOf(wrong)).toBe('Invalid username or password');
  });

  it.each([
    [{ username: '   ', password: 'x' }, 'username: Username is required'],
    [{ username: 'a@b.c', password: '' }, 'password: Password is required'],
    [{ password: 'x' }, 'username: Username is required'],
    [{ username: 'a@b.c' }, 'password: Password is required'],
    [{ username: 42, password: 'x' }, 'username: Username is required'],
    [{ username: 'a@b.c', password: 'x', extra: true }, 'Unknown field: extra'],
  ])('answers 400 naming the field for %j', async (body, expected) => {
    const response = await t.app.request('POST', '/api/login', { body });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(expected);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await t.app.request('POST', '/api/login', { rawBody: '{"username":' });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe('Request body must be valid JSON');
  });

  it('answers 413 for a body over 64 KB', async () => {
    const response = await t.app.request('POST', '/api/login', { body: { username: 'a', password: 'x'.repeat(70 * 1024) } });
    expect(response.status).toBe(413);
    expect(await messageOf(response)).toBe('Request body is larger than 64 KB');
  });

  it('refuses a cross-origin POST with 403', async () => {
    const response = await t.app.request('POST', '/api/login', {
      body: credentials(DEMO_USER),
      headers: { Origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await messageOf(response)).toBe('Cross-site requests are not allowed');
    const noOrigin = await t.app.request('POST', '/api/login', { body: credentials(DEMO_USER), headers: { Origin: 'null' } });
    expect(noOrigin.status).toBe(403);
  });

  it.skipIf(process.env['API_BASE_URL'] !== undefined)(
    'throttles a username at one address after 10 failures in 15 minutes with 429 and Retry-After, not at another',
    async () => {
      const { user } = await signUp(t.app);
      const ip = '10.1.0.1';
      for (let attempt = 0; attempt < 10; attempt++) {
        const response = await t.app.request('POST', '/api/login', { body: { username: user.username, password: 'wrong-password' }, ip });
        expect(response.status).toBe(401);
      }
      const blocked = await t.app.request('POST', '/api/login', {
        body: { username: user.username, password: 'correct-horse-battery' },
        ip,
      });
      expect(blocked.status).toBe(429);
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(await messageOf(blocked)).toBe('Too many failed sign-in attempts. Please try again later.');
      const elsewhere = await t.app.request('POST', '/api/login', {
        body: { username: user.username, password: 'correct-horse-battery' },
        ip: '10.1.1.1',
      });
      expect(elsewhere.status).toBe(200);
    },
  );
});

describe('POST /auth (the sign-in form before its island loads, or without JavaScript)', () => {
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}, ip?: string) =>
    t.app.client().request('POST', '/auth', {
      rawBody: new URLSearchParams(fields).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', ...headers },
      ...(ip ? { ip } : {}),
    });

  it('signs in, starts the session and redirects home with 303', async () => {
    const client = t.app.client();
    const response = await client.request('POST', '/auth', {
      rawBody: new URLSearchParams({ username: `  ${DEMO_USER.username} `, password: DEMO_USER.password }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    expect(client.cookie).not.toBeNull();
    expect(await (await client.get('/api/user')).json()).toMatchObject({ username: DEMO_USER.username });
  });

  it('shows the spec message on the page with 401 for a wrong password, and the field message with 400', async () => {
    const wrong = await form({ username: DEMO_USER.username, password: 'not-the-password' }, {}, '10.3.0.1');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const page = await wrong.text();
    expect(page).toMatch(/data-testid="form-error"[^>]*>Invalid username or password</);
    expect(page).not.toContain('not-the-password');

    const missing = await form({ username: '', password: 'x' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toMatch(/data-testid="form-error"[^>]*>Username is required</);
  });

  it('is throttled like the API (429 with Retry-After) and refuses cross-site posts', async () => {
    const ip = '10.3.1.9';
    const { user } = await signUp(t.app);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await form({ username: user.username, password: 'wrong-password' }, {}, ip)).status).toBe(401);
    }
    const blocked = await form({ username: user.username, password: 'correct-horse-battery' }, {}, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await blocked.text()).toContain('Too many failed sign-in attempts. Please try again later.');

    const crossSite = await form({ username: DEMO_USER.username, password: DEMO_USER.password }, { Origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
  });
});

describe('POST /api/register', () => {
  it('creates a user with role user whatever the body says, signs it in, and answers 201', async () => {
    const client = t.app.client();
    const username = uniqueUsername();
    const response = await client.post('/api/register', { username, password: 'long-enough-pw', name: 'New Hire', role: 'admin' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ username, name: 'New Hire', role: 'user' });
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username, role: 'user' });
  });

  it('answers 409 for an existing username, whatever its case', async () => {
    const { user } = await signUp(t.app);
    const response = await t.app.request('POST', '/api/register', {
      body: { username: user.username.toUpperCase(), password: 'long-enough-pw', name: 'Dup' },
    });
    expect(response.status).toBe(409);
    expect(await messageOf(response)).toBe('Username may already exist');
  });

  it('refuses the administrator address', async () => {
    const response = await t.app.request('POST', '/api/register', {
      body: { username: ' Admin@Parcelwise.example ', password: 'long-enough-pw', name: 'Mallory' },
    });
    expect(response.status).toBe(409);
    const login = await t.app.client().login(DEMO_ADMIN.username, DEMO_ADMIN.password);
    expect(login.status).toBe(200);
  });

  it.each([
    [{ username: 'x@y.z', password: 'short', name: 'A' }, 'password: Password must be at least 12 characters'],
    [{ username: 'x@y.z', password: 'long-enough-pw' }, 'name: Name is required'],
    [{ username: '', password: 'long-enough-pw', name: 'A' }, 'username: Username is required'],
    [{ username: 'x@y.z', password: 'long-enough-pw', name: 'A', isAdmin: true }, 'Unknown field: isAdmin'],
  ])('answers 400 naming the field for %j', async (body, expected) => {
    const response = await t.app.request('POST', '/api/register', { body });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(expected);
  });
});

describe('POST /api/logout', () => {
  it('ends the session', async () => {
    const client = await signIn(t.app, DEMO_USER);
    const sealed = client.cookie;
    const response = await client.post('/api/logout');
    expect(response.status).toBe(200);
    expect(client.cookie).toBeNull();
    expect((await client.get('/api/user')).status).toBe(401);
    // The stored session is gone: replaying the old cookie signs nobody in.
    expect(sealed).toMatch(/^pw_session=/);
    const replay = await t.app.request('GET', '/api/user', { headers: { Cookie: sealed! } });
    expect(replay.status).toBe(401);
    expect(await messageOf(replay)).toBe('Not signed in');
    const page = await t.app.request('GET', '/', { headers: { Cookie: sealed!, Accept: 'text/html' } });
    expect(page.status).toBe(302);
  });
});

describe('routing and headers', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const client = await signIn(t.app, DEMO_USER);
    const response = await client.get('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe('Not found');
  });

  it('answers a missing /_astro/ script (an old tab after a deploy) with a small, complete plain 404', async () => {
    for (const client of [t.app.client(), await signIn(t.app, DEMO_USER)]) {
      const response = await client.request('GET', '/_astro/missing.js', { headers: { Accept: '*/*' } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toBe('Not found\n'); // the whole body arrives: the stream does not break
    }
  });

  it('answers a known path with the wrong method with a JSON 405', async () => {
    const response = await t.app.request('GET', '/api/login');
    expect(response.status).toBe(405);
    expect(await messageOf(response)).toBe('Method not allowed');
  });

  it('sends security headers and no-store on API answers', async () => {
    const response = await t.app.request('GET', '/api/user');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
  });

  it('tells browsers to use https only (Strict-Transport-Security) when served over https, and not over http', async () => {
    const secure = await t.app.request('GET', 'https://hub.parcelwise.example/auth', { headers: { Accept: 'text/html' } });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const api = await t.app.request('GET', 'https://hub.parcelwise.example/api/user');
    expect(api.status).toBe(401);
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const plain = await t.app.request('GET', '/auth', { headers: { Accept: 'text/html' } });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('deletes the flash cookie over https with the attributes it was set with (Secure, the __Host- prefix)', async () => {
    const response = await t.app.request('GET', 'https://hub.parcelwise.example/auth', {
      headers: { Accept: 'text/html', Cookie: '__Host-pw_flash=logged-out' },
    });
    expect(await response.text()).toContain('You have been logged out successfully');
    const deletion = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-pw_flash='));
    expect(deletion).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(deletion).toMatch(/; Secure/i);
    expect(deletion).toMatch(/; Path=\//i);
  });

  it.each(['/auth', '/', '/company-overview', '/quizzes/1'])(
    'serves %s with a hash-based CSP and no inline-script allowance',
    async (route) => {
      const client = route === '/auth' ? t.app.client() : await signIn(t.app, DEMO_USER);
      const response = await client.request('GET', route, { headers: { Accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
      const html = await response.text();
      // Astro sends the hashes as a header for on-demand pages (a <meta> for prerendered ones).
      const policy =
        response.headers.get('content-security-policy') ??
        /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(html)?.[1] ??
        '';
      expect(policy).toMatch(/script-src 'self'[^;]*'sha256-/);
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).toContain("default-src 'self'");
      // A directive sent twice is ignored with a console error (Lighthouse best practices): each appears once.
      const names = policy
        .split(';')
        .map((d) => d.trim().split(/\s+/)[0])
        .filter(Boolean);
      expect(names.length).toBeGreaterThan(5);
      expect(new Set(names).size).toBe(names.length);
    },
  );

  it('redirects signed-out page requests to /auth and signed-in /auth to /', async () => {
    const signedOut = await t.app.request('GET', '/company-overview', { headers: { Accept: 'text/html' } });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe('/auth');
    const client = await signIn(t.app, DEMO_USER);
    const auth = await client.request('GET', '/auth', { headers: { Accept: 'text/html' } });
    expect(auth.status).toBe(302);
    expect(auth.headers.get('location')).toBe('/');
    const page = await client.request('GET', '/', { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
  });
});
