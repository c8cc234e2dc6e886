// Sign-in, registration, logout and route protection (docs/product.md "Sign-in page (/auth)", "Sessions", "Roles and access").
import { randomUUID } from 'node:crypto';
import { DEMO_ADMIN, DEMO_USER } from '~/server/demo-accounts';
import { expect, holdTimers, test, waitForIslands } from './fixtures';

const PROTECTED_ROUTES = [
  '/',
  '/company-overview',
  '/industry-knowledge',
  '/industry-knowledge/1',
  '/buyer-segments',
  '/buyer-segments/8',
  '/segments/8',
  '/ideal-customer-profile',
  '/product',
  '/modules/1',
  '/personas/1',
  '/resources',
  '/quizzes',
  '/quizzes/1',
  '/team-progress',
  '/sales-situations',
  '/content-management',
  '/no-such-page',
];

test.describe('signed out', () => {
  test('every protected route redirects to /auth', async ({ page }) => {
    for (const route of PROTECTED_ROUTES) {
      await page.goto(route);
      await expect(page, `${route} should redirect`).toHaveURL(/\/auth$/);
    }
  });

  test('the sign-in page shows the spec texts', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByPlaceholder('Enter your username')).toBeVisible();
    await expect(page.getByPlaceholder('Enter your password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });

  test('validation runs on submit, then again on change', async ({ page }) => {
    await page.goto('/auth');
    await waitForIslands(page);
    await page.getByPlaceholder('Enter your username').fill('someone');
    await page.getByPlaceholder('Enter your username').fill('');
    await expect(page.getByText('Username is required')).toHaveCount(0); // not before the first submit
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByPlaceholder('Enter your username').fill('a');
    await expect(page.getByText('Username is required')).toHaveCount(0);
    await page.getByPlaceholder('Enter your password').fill('b');
    await expect(page.getByText('Password is required')).toHaveCount(0);
  });

  test('a whitespace-only username is rejected', async ({ page }) => {
    await page.goto('/auth');
    await waitForIslands(page);
    await page.getByPlaceholder('Enter your username').fill('    ');
    await page.getByPlaceholder('Enter your password').fill('anything');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a wrong password shows the Login failed toast', async ({ page }) => {
    await page.goto('/auth');
    await waitForIslands(page);
    await page.getByPlaceholder('Enter your username').fill(DEMO_USER.username);
    await page.getByPlaceholder('Enter your password').fill('definitely-wrong');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Login failed' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Invalid username or password');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('signing in shows Signing in... then lands on / with Login successful', async ({ page }) => {
    await page.goto('/auth');
    await waitForIslands(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByPlaceholder('Enter your username').fill(`  ${DEMO_USER.username} `);
    await page.getByPlaceholder('Enter your password').fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const pending = page.getByRole('button', { name: 'Signing in...' });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    await expect(pending.locator('.loading-spinner')).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/$/);
    const toast = page.getByRole('status').filter({ hasText: 'Login successful' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(`Welcome back ${DEMO_USER.name}`);
  });

  test('registration creates an account and signs it in; a taken username fails', async ({ page }) => {
    await page.goto('/auth');
    await waitForIslands(page);
    await page.getByRole('button', { name: 'New here? Create an account' }).click();
    const username = `reg-${randomUUID().slice(0, 8)}@parcelwise.example`;
    await page.getByPlaceholder('Enter your full name').fill('Riley Register');
    await page.getByPlaceholder('Enter your username').fill(username);
    await page.getByPlaceholder('Enter your password').fill('long-enough-pw');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: 'Registration successful' })).toContainText('Welcome Riley Register');

    await page.context().clearCookies();
    await page.goto('/auth');
    await waitForIslands(page);
    await page.getByRole('button', { name: 'New here? Create an account' }).click();
    await page.getByPlaceholder('Enter your full name').fill('Riley Again');
    await page.getByPlaceholder('Enter your username').fill(username);
    await page.getByPlaceholder('Enter your password').fill('long-enough-pw');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Registration failed' })).toContainText('Username may already exist');
  });
});

test.describe('signed in', () => {
  test('/auth sends a signed-in user to /', async ({ userPage }) => {
    await userPage.goto('/auth');
    await expect(userPage).toHaveURL(/\/$/);
  });

  test('logout goes to /auth with the Logged out toast and ends the session', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:8888').origin;
    const login = await page.request.post('/api/login', {
      data: { username: DEMO_USER.username, password: DEMO_USER.password },
      headers: { Origin: origin },
    });
    expect(login.status(), await login.text()).toBe(200);
    await page.goto('/');
    // The toast leaves by itself after 5 s: the next page's timers stand still, so the swipe meets it however slow
    // the machine.
    await holdTimers(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    const toast = page.getByRole('status').filter({ hasText: 'Logged out' });
    await expect(toast).toContainText('You have been logged out successfully');
    // The toast came with the page; the small toaster script drives it: F8 focuses the viewport, a swipe
    // right past 50 px dismisses it.
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();
    const box = (await toast.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 50, box.y + box.height / 2, { steps: 3 });
    await page.mouse.up();
    await expect(toast).toBeVisible();
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 90, box.y + box.height / 2, { steps: 3 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
    await page.clock.resume();
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
    await context.close();
  });

  test('a failed logout shows the destructive Logout failed toast with the message, and stays signed in', async ({ userPage: page }) => {
    await page.goto('/product');
    await page.route('/api/logout', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Storage is unavailable' }) }),
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Logout failed' });
    await expect(toast).toContainText('Storage is unavailable');
    await expect(page).toHaveURL(/\/product$/);
    await page.unroute('/api/logout');
    await page.route('/api/logout', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch' })).toBeVisible();
    await page.unroute('/api/logout');
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/); // still signed in
  });

  test('logout is a plain form: without JavaScript it lands on /auth with the Logged out toast', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:8888').origin;
    const login = await page.request.post('/api/login', {
      data: { username: DEMO_USER.username, password: DEMO_USER.password },
      headers: { Origin: origin },
    });
    expect(login.status(), await login.text()).toBe(200);
    await page.goto('/product');
    await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toContainText(`Welcome back ${DEMO_USER.name}`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('status').filter({ hasText: 'Logged out' })).toContainText('You have been logged out successfully');
    await page.goto('/product');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('status')).toHaveCount(0); // shown once
    await context.close();
  });

  test('a navigation toast dismisses itself after 5 s', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The page's timers stand still until the test moves them.
    await page.clock.install({ time: new Date('2030-01-01T09:00:00Z') });
    await page.clock.pauseAt(new Date('2030-01-01T09:00:01Z'));
    const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:8888').origin;
    await page.request.post('/api/login', {
      data: { username: DEMO_USER.username, password: DEMO_USER.password },
      headers: { Origin: origin },
    });
    await page.goto('/company-overview');
    const toast = page.getByRole('status').filter({ hasText: 'Login successful' });
    await expect(toast).toBeVisible();
    await page.clock.runFor(4900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(200);
    await expect(toast).toHaveCount(0);
    await context.close();
  });

  test('Team Progress is in the sidebar for the administrator only', async ({ adminPage, userPage }) => {
    await adminPage.goto('/');
    await expect(adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team Progress' })).toBeVisible();
    await userPage.goto('/');
    const nav = userPage.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Team Progress' })).toHaveCount(0);
  });

  test('the sidebar lists the learning path and the sales section, and shows the user', async ({ userPage }) => {
    await userPage.goto('/quizzes/1');
    await expect(userPage.getByText('Learning Hub', { exact: true })).toBeVisible();
    const nav = userPage.getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Dashboard',
      'Company Overview',
      'Industry Knowledge',
      'Buyer Segments',
      'Personas',
      'Ideal Customer Profile',
      'Product',
      'Resources',
      'Quizzes',
      'Sales Situations',
    ]) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Quizzes', exact: true })).toHaveAttribute('aria-current', 'page');
    const userArea = userPage.getByTestId('user-area');
    await expect(userArea).toContainText(DEMO_USER.name);
    await expect(userArea).toContainText(DEMO_USER.username);
    await expect(userPage.getByPlaceholder('Search content...')).toBeVisible();
  });

  test('an unknown path shows 404 Page Not Found', async ({ userPage }) => {
    const response = await userPage.goto('/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(userPage.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });

  test('on a phone the sidebar is a drawer opened from the header', async ({ browser }) => {
    const context = await browser.newContext({ storageState: 'test-results/.auth/user.json', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/');
    const dashboardLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' });
    await expect(dashboardLink).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(dashboardLink).toBeInViewport();
    await context.close();
  });

  test('protected pages are not cacheable by shared caches', async ({ userPage }) => {
    const response = await userPage.goto('/company-overview');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  });
});

test('the admin demo account is an administrator', async ({ adminPage }) => {
  await adminPage.goto('/');
  await expect(adminPage.getByTestId('user-area')).toContainText(DEMO_ADMIN.name);
});

test.describe('before the sign-in form hydrates', () => {
  test('without JavaScript the form still signs in (a POST, never the password in a URL)', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('Username').fill(DEMO_USER.username);
    await page.getByLabel('Password').fill('a-wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('form-error')).toHaveText('Invalid username or password');
    expect(page.url()).not.toContain('password');
    await page.getByLabel('Username').fill(DEMO_USER.username);
    await page.getByLabel('Password').fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${DEMO_USER.name}!` })).toBeVisible();
    await context.close();
  });

  test('what was typed before the island loaded is kept and submitted by it', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Hold the form's script until the fields are filled, as on a slow connection.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/SignInForm*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/auth');
    await page.getByLabel('Username').fill(DEMO_USER.username);
    await page.getByLabel('Password').fill(DEMO_USER.password);
    release();
    await waitForIslands(page);
    // The island submits it, through the API (the plain form would post to /auth).
    const apiLogin = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/login'));
    await page.getByLabel('Password').press('Enter');
    await apiLogin;
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toBeVisible();
    await context.close();
  });
});
