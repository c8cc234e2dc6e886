// Offline copies (docs/product.md "Offline"): the service worker keeps every persona and the plays for the
// person signed in, opens them offline with the saved-for-offline line, and forgets them at sign-out and
// when someone else signs in. The other specs' fixtures block service workers (playwright.config.ts), so their
// request interception sees every request; these contexts allow it.
import { expect, signUpFresh, test } from './fixtures';

test('personas and plays open offline for the person signed in; sign-out and another person clear them', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/auth');
  await signUpFresh(page, 'Offline Rep');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-offline', 'kept');

  await context.setOffline(true);
  await page.goto('/personas/1');
  await expect(page.getByTestId('offline-note')).toContainText(/^Saved for offline — as of \S.+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/sales-situations');
  await expect(page.getByTestId('offline-note')).toBeVisible();
  // Only what is kept. In a page of its own: Chromium reloads an error page by itself once the network is back,
  // which would cut this page's next navigation short.
  const probe = await context.newPage();
  await expect(probe.goto('/quizzes/1')).rejects.toThrow(/net::ERR_(INTERNET_DISCONNECTED|FAILED)/);
  await probe.close();

  // Online, a page is the network's, without the line.
  await context.setOffline(false);
  await page.goto('/personas/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('offline-note')).toHaveCount(0);

  // Signed out, nothing is left to open.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await context.setOffline(true);
  await expect(page.goto('/personas/1')).rejects.toThrow(/net::ERR_(INTERNET_DISCONNECTED|FAILED)/);
  await context.close();
});

test('another person signing in on the same browser never sees the first one’s copies', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/auth');
  await signUpFresh(page, 'First Rep');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-offline', 'kept');
  const firstKey = await page.evaluate(async () => (await caches.keys()).find((name) => name.startsWith('parcelwise-offline-')));
  expect(firstKey).toBeTruthy();

  // A second account signs in without the first signing out (a new session cookie replaces the first).
  await context.clearCookies();
  await signUpFresh(page, 'Second Rep');
  await page.goto('/personas/2');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('parcelwise-offline-'))))
    .toEqual([expect.not.stringMatching(firstKey!)]);
  await context.close();
});
