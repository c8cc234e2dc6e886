// One pass over https (the `https` project of playwright.config.ts: the same build served with a self-signed
// certificate): what only happens on https, as on the live site — the session and flash cookies take the
// `__Host-` prefix and Secure, every answer carries Strict-Transport-Security, and a cookie is deleted with
// the attributes it was set with, so a toast shows once and a logout really signs out (docs/security.md).
import { DEMO_USER } from '~/server/demo-accounts';
import { expect, test, waitForIslands } from './fixtures';

const HSTS = 'max-age=31536000; includeSubDomains';

test('over https: a __Host- Secure session cookie, Strict-Transport-Security, the sign-in toast once, and a logout that ends the session', async ({
  page,
  baseURL,
}) => {
  expect(baseURL).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  const signInPage = await page.goto('/auth');
  expect(signInPage?.headers()['strict-transport-security']).toBe(HSTS);
  await waitForIslands(page);
  await page.getByPlaceholder('Enter your username').fill(DEMO_USER.username);
  await page.getByPlaceholder('Enter your password').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toContainText(`Welcome back ${DEMO_USER.name}`);

  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === '__Host-pw_session')).toMatchObject({
    domain: '127.0.0.1',
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Lax',
  });
  // No cookie without the prefix, and the flash cookie, taken by the page that showed its toast, is gone.
  expect(cookies.map((cookie) => cookie.name).filter((name) => !name.startsWith('__Host-'))).toEqual([]);
  expect(cookies.map((cookie) => cookie.name)).not.toContain('__Host-pw_flash');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toHaveCount(0);

  const user = await page.request.get('/api/user');
  expect(user.status()).toBe(200);
  expect(user.headers()['strict-transport-security']).toBe(HSTS);

  await waitForIslands(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('status').filter({ hasText: 'Logged out' })).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('__Host-pw_session');
  expect((await page.request.get('/api/user')).status()).toBe(401);
});
