// The newcomer's dev server (`npm run dev`), checked in Chromium: every island hydrates and answers on a
// first visit, and again after the rest of `npm test` has built the production bundle in the same
// checkout. It fails when anything replaces the dev server's pre-bundled dependencies under it (Vite
// answers 504 "Outdated Optimize Dep" and islands never hydrate; docs/decisions.md "Dev server beside the tests").
// Run by scripts/test.sh against the dev servers it started: DEV_SERVER_URLS=http://127.0.0.1:<port>,…
import { expect, test, type Page, type Request } from '@playwright/test';
import { DEMO_USER } from '~/server/demo-accounts';

/** Fails the test on any answer Vite gives a stale dependency, any island that failed to load, and any console error. */
function watchForBrokenIslands(page: Page): string[] {
  const problems: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    // Any error: React's development warnings (keys, hydration mismatches) are errors in the console.
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Every island on the page that hydrates by itself did (Astro removes `ssr` when it has); the islands
 * that wait for someone to use them (`client:interaction`) are checked by using them: typing in the
 * search, choosing a quiz answer, typing in the coach's box.
 */
async function expectIslandsHydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island').first()).toBeAttached();
  await expect(page.locator('astro-island[ssr]:not([client="interaction"])')).toHaveCount(0);
}

/**
 * What the page asked the dev server and wrote to its console, and the state of its islands: printed when the
 * test fails, so a first visit that fails only on a busy machine says what it was waiting for.
 */
function recordPageActivity(page: Page): () => Promise<string> {
  const started = Date.now();
  const at = (time: number) => `${((time - started) / 1000).toFixed(1)} s`;
  const requests = new Map<Request, { sent: number; answer?: string }>();
  const consoleLines: string[] = [];
  const answered = (request: Request, answer: string) => {
    const entry = requests.get(request);
    if (entry) entry.answer = `${answer} at ${at(Date.now())}`;
  };
  page.on('request', (request) => requests.set(request, { sent: Date.now() }));
  page.on('requestfinished', (request) => void request.response().then((response) => answered(request, String(response?.status()))));
  page.on('requestfailed', (request) => answered(request, `failed: ${request.failure()?.errorText}`));
  page.on('console', (message) => consoleLines.push(`${at(Date.now())} ${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => consoleLines.push(`${at(Date.now())} page error: ${error.message}`));
  return async () => {
    const state = await page
      .evaluate(() => ({
        url: location.href,
        focused: document.activeElement?.outerHTML.slice(0, 160),
        searchBox: document.querySelector<HTMLInputElement>('input[name="q"]')?.value,
        islands: [...document.querySelectorAll('astro-island')].map(
          (island) =>
            `${island.getAttribute('component-url')} ${island.getAttribute('client')} ${island.hasAttribute('ssr') ? 'NOT hydrated' : 'hydrated'}`,
        ),
      }))
      .catch((error: Error) => ({ unreadable: error.message }));
    const requestLines = [...requests].map(([request, { sent, answer }]) => {
      const url = new URL(request.url());
      return `  ${at(sent)} ${request.method()} ${url.pathname}${url.search} → ${answer ?? 'NO ANSWER YET'}`;
    });
    return [
      `The page at ${at(Date.now())}: ${JSON.stringify(state, null, 2)}`,
      'Requests (sent → answered):',
      ...requestLines.slice(-100),
      'Console:',
      ...consoleLines.slice(-40).map((line) => `  ${line}`),
    ].join('\n');
  };
}

const activityOf = new WeakMap<Page, () => Promise<string>>();
test.afterEach(async ({ page }, testInfo) => {
  const describe = activityOf.get(page);
  if (testInfo.status !== testInfo.expectedStatus && describe) console.log(await describe());
});

test.describe.configure({ mode: 'serial' });

test('islands hydrate and respond on the dev server', async ({ page }) => {
  const problems = watchForBrokenIslands(page);
  activityOf.set(page, recordPageActivity(page));
  // Vite's HMR socket could reload a page mid-check when someone edits a file: keep it quiet.
  await page.routeWebSocket(/./, () => {});

  await test.step('sign-in form', async () => {
    await page.goto('/auth');
    await expectIslandsHydrated(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Username is required')).toBeVisible(); // the island's own validation
    await page.getByPlaceholder('Enter your username').fill(DEMO_USER.username);
    await page.getByPlaceholder('Enter your password').fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Login successful', { exact: true })).toBeVisible();
  });

  await test.step('header search', async () => {
    await expectIslandsHydrated(page);
    await page.getByRole('combobox', { name: 'Search content' }).fill('lease');
    const results = page.getByTestId('search-results');
    await expect(results.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(results.getByRole('option').first()).toBeVisible();
    // The search island hydrated; the home page's challenge card waits for its own first use.
    await expect(page.locator('astro-island[ssr][component-url*="HeaderSearch"]')).toHaveCount(0);
  });

  await test.step('a quiz', async () => {
    await page.goto('/quizzes/1');
    await expectIslandsHydrated(page);
    const next = page.getByRole('button', { name: 'Next Question' });
    await expect(next).toBeDisabled();
    await page.getByRole('radio').first().check();
    await expect(next).toBeEnabled();
    await next.click();
    await expect(page.getByText(/^Question 2 of \d+$/)).toBeVisible();
  });

  await test.step('the coach', async () => {
    await page.goto('/sales-situations');
    await expectIslandsHydrated(page);
    await page.getByLabel('Your sales situation').fill('They say the budget is too tight this year');
    await page.getByRole('button', { name: 'Get Expert Coaching' }).click();
    await expect(page.getByTestId('coach-result').getByRole('heading', { level: 2 })).toContainText('Budget Pushback');
  });

  expect(problems, 'failed requests and island errors').toEqual([]);
});
