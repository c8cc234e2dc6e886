// Sign-in with the company's identity provider (the local one `npm run serve:built` starts) and the
// settings people manage themselves: sessions, password, and a deployment that turned the password form off.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { expect, test, signUpFresh } from './fixtures';

test('a fresh browser signs in with the SSO button through the identity provider', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Sign in with Parcelwise SSO (local)' }).click();
  await expect(page.getByRole('heading', { name: 'Local identity provider' })).toBeVisible();
  await page.getByLabel('E-mail').fill(DEMO_ADMIN.username);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toContainText(`Welcome back ${DEMO_ADMIN.name}`);
  await expect(page.getByRole('link', { name: 'Team Progress' })).toBeVisible();
  await context.close();
});

test('settings: sees a session from another browser and signs it out, which then gets 401', async ({ browser }) => {
  const laptop = await (
    await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0' })
  ).newPage();
  const { username } = await signUpFresh(laptop, 'Sid Settings');
  const phoneContext = await browser.newContext();
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const phoneLogin = await phoneContext.request.post('/api/login', {
    data: { username, password: 'correct-horse-battery' },
    headers: {
      Origin: origin,
      'User-Agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    },
  });
  expect(phoneLogin.status()).toBe(200);
  await laptop.goto('/');
  await laptop.getByTestId('user-area').getByRole('link', { name: 'Settings' }).click();
  await expect(laptop.getByRole('heading', { name: 'Your sessions' })).toBeVisible();
  const phoneRow = laptop.getByRole('row').filter({ hasText: 'Chrome on Android' });
  await expect(phoneRow).toHaveCount(1);
  await expect(laptop.getByRole('row').filter({ hasText: 'This browser' })).toHaveCount(1);
  await phoneRow.getByRole('button', { name: /^Sign out/ }).click();
  await expect(laptop.getByRole('status').filter({ hasText: 'That session has ended.' })).toBeVisible();
  await expect(laptop.getByRole('row').filter({ hasText: 'Chrome on Android' })).toHaveCount(0);
  expect((await phoneContext.request.get('/api/user')).status()).toBe(401);
  await phoneContext.close();
});

test('settings: changes the password; the other sessions end, this one stays', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  const { username } = await signUpFresh(page, 'Cam Change');
  const other = await browser.newContext();
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  await other.request.post('/api/login', { data: { username, password: 'correct-horse-battery' }, headers: { Origin: origin } });
  await page.goto('/settings');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password').fill('Quiet-harbor-lantern-81');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('settings-error')).toHaveText('currentPassword: is not your current password');
  await page.getByLabel('Current password').fill('correct-horse-battery');
  await page.getByLabel('New password').fill('Quiet-harbor-lantern-81');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has changed. Your other sessions have ended.' })).toBeVisible();
  expect((await other.request.get('/api/user')).status()).toBe(401);
  await page.goto('/');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await other.close();
});

/** A free port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

test.describe('a deployment with PASSWORD_SIGNIN=off', () => {
  let server: ChildProcess;
  let base = '';
  test.beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(
      'npx',
      ['--no-install', 'tsx', 'scripts/serve-built.ts', '--port', String(port), '--data', `.netlify/blobs-e2e-off-${port}`],
      {
        env: { ...process.env, PASSWORD_SIGNIN: 'off' },
        stdio: 'ignore',
        detached: true,
      },
    );
    for (let i = 0; i < 120; i++) {
      if (
        await fetch(`${base}/auth`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the server with PASSWORD_SIGNIN=off did not start');
  });
  test.afterAll(() => {
    if (server.pid) process.kill(-server.pid);
  });

  test('shows the SSO button without the password form, and refuses a password with a clear message', async ({ page }) => {
    await page.goto(`${base}/auth`);
    await expect(page.getByRole('link', { name: 'Sign in with Parcelwise SSO (local)' })).toBeVisible();
    await expect(page.getByText('Password sign-in is turned off here.')).toBeVisible();
    await expect(page.getByPlaceholder('Enter your password')).toHaveCount(0);
    const refused = await page.request.post(`${base}/api/login`, {
      data: { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password },
      headers: { Origin: base },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Password sign-in is turned off here. Use "Sign in with Parcelwise SSO (local)".' });
  });
});
