// Toasts raised by a navigation (docs/product.md "Notifications"; docs/decisions.md "Toasts and forms without scripts"): the request that
// ends in a navigation leaves a short-lived cookie, and the next page renders the toast in its HTML, once (src/server/accounts/flash.ts).
// Logout is a plain form post: 303 to /auth with 'Logged out'.
import { describe, expect, it } from 'vitest';
import { DEMO_USER } from '~/server/demo-accounts';
import { credentials, signIn, signUp, useTestApp, type ApiClient } from './harness';

const t = useTestApp();

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

async function page(client: ApiClient, path: string): Promise<string> {
  const response = await client.request('GET', path, { headers: { Accept: 'text/html' } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The toasts the page came with: the viewport's items (not its <template>). */
function toastsIn(html: string): string[] {
  const list = /data-testid="toasts"[^>]*>([\s\S]*?)<template>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<div[^>]*role="(status|alert)"[^>]*>([\s\S]*?)<\/button>/g)].map(
    ([, role, inner]) =>
      `${role}: ${inner!
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()}`,
  );
}

describe('logout as a plain form post', () => {
  it('ends the session and sends the browser to /auth, which shows Logged out once', async () => {
    const client = await signIn(t.app, DEMO_USER);
    expect(toastsIn(await page(client, '/'))).toEqual([`status: Login successful Welcome back ${DEMO_USER.name} ✕`]);
    const sealed = client.cookie!;
    const response = await client.request('POST', '/api/logout', { rawBody: '', headers: FORM });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/auth');
    expect(client.cookie).toBeNull();
    const flash = response.headers.getSetCookie().find((cookie) => cookie.startsWith('pw_flash='));
    expect(flash).toMatch(/HttpOnly/i);
    expect(flash).toMatch(/Max-Age=60/);
    expect(toastsIn(await page(client, '/auth'))).toEqual(['status: Logged out You have been logged out successfully ✕']);
    expect(toastsIn(await page(client, '/auth'))).toEqual([]);
    // The stored session is gone too.
    const replay = await t.app.request('GET', '/', { headers: { Cookie: sealed, Accept: 'text/html' } });
    expect(replay.status).toBe(302);
  });

  it('keeps answering JSON to API callers', async () => {
    const client = await signIn(t.app, DEMO_USER);
    const response = await client.post('/api/logout');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('refuses a form posted from another site', async () => {
    const client = await signIn(t.app, DEMO_USER);
    const response = await client.request('POST', '/api/logout', { rawBody: '', headers: { ...FORM, Origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(client.cookie).not.toBeNull();
  });
});

describe('sign-in and registration toasts', () => {
  it('shows Registration successful with the new name on the next page', async () => {
    const { client } = await signUp(t.app, 'Robin Newcomer');
    expect(toastsIn(await page(client, '/company-overview'))).toEqual(['status: Registration successful Welcome Robin Newcomer ✕']);
    expect(toastsIn(await page(client, '/company-overview'))).toEqual([]);
  });

  it('shows Login successful after the /auth form signed in without JavaScript', async () => {
    const client = t.app.client();
    const body = new URLSearchParams(credentials(DEMO_USER)).toString();
    const response = await client.request('POST', '/auth', { rawBody: body, headers: { ...FORM, Accept: 'text/html' } });
    expect(response.status).toBe(303);
    expect(toastsIn(await page(client, '/'))).toEqual([`status: Login successful Welcome back ${DEMO_USER.name} ✕`]);
  });

  it('renders nothing for a flash it does not know (the cookie holds a name, never text)', async () => {
    const client = await signIn(t.app, DEMO_USER);
    client.otherCookies.set('pw_flash', '<script>alert(1)</script>');
    const html = await page(client, '/');
    expect(toastsIn(html)).toEqual([]);
    expect(html).not.toContain('<script>alert(1)');
  });
});

describe('Access Denied', () => {
  it('is rendered with /team-progress for a non-administrator, as an alert', async () => {
    const client = await signIn(t.app, DEMO_USER);
    await page(client, '/'); // takes the sign-in toast
    const response = await client.request('GET', '/team-progress', { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(403);
    expect(toastsIn(await response.text())).toEqual([
      'alert: Access Denied The Team Progress dashboard is only accessible to administrators. ✕',
    ]);
  });
});

describe.skipIf(process.env['API_BASE_URL'] !== undefined)('a logout that fails', () => {
  it('goes back to the page it came from (never another site), still signed in, with Logout failed (storage down)', async () => {
    const [client, ...others] = await Promise.all([signIn(t.app, DEMO_USER), signIn(t.app, DEMO_USER), signIn(t.app, DEMO_USER)]);
    await t.app.stopBlobs!();
    const response = await client!.request('POST', '/api/logout', {
      rawBody: '',
      headers: { ...FORM, Referer: `${t.app.origin}/product?tab=pricing` },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/product?tab=pricing');
    expect(client!.cookie).not.toBeNull();
    expect(client!.otherCookies.get('pw_flash')).toBe('logout-failed');
    for (const [index, path] of ['//evil.example/phish', '/\\evil.example/phish'].entries()) {
      const away = await others[index]!.request('POST', '/api/logout', {
        rawBody: '',
        headers: { ...FORM, Referer: `${t.app.origin}${path}` },
      });
      expect(away.status, path).toBe(303);
      expect(away.headers.get('location'), path).toBe('/');
    }
  });
});
