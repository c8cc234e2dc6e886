// The header search (docs/product.md "Header search"): grouped results,
// following a result, Clear, the no-results and failure notices, keyboard use ('/', arrows, Enter,
// Escape), stale answers never winning, and /segments/{id} landing on /buyer-segments/{id}.
import type { Page } from '@playwright/test';
import { axe, expect, test, waitForIslands } from './fixtures';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search content' });
const dropdown = (page: Page) => page.getByTestId('search-results');
const group = (page: Page, name: string) => dropdown(page).getByRole('group', { name });

async function openHome(page: Page): Promise<void> {
  // Under `astro dev`, other engineers' edits make Vite reload the page mid-test through its HMR
  // websocket: keep that socket open but silent (the app itself uses no websockets).
  await page.routeWebSocket(/./, () => {});
  await page.goto('/');
  await waitForIslands(page);
}

/**
 * Uses the box as someone does who clicks it and then types: the click loads the island. Typing before it
 * has loaded is its own test below ("typing right after load keeps every character").
 */
async function searchFor(page: Page, term: string): Promise<void> {
  await searchBox(page).click();
  await page.waitForFunction(() => document.querySelector('astro-island[component-url*="/HeaderSearch."][ssr]') === null);
  await searchBox(page).fill(term);
  await expect(dropdown(page).getByRole('heading', { name: 'Search Results' })).toBeVisible({ timeout: 30_000 });
}

/** Every script the page asks to run (not what it only fetches), as paths; the dev server's HMR socket kept silent. */
/** Holds the search island's script until the returned function is called (a slow connection). */
async function holdIslandScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/HeaderSearch*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function scriptsRequested(page: Page): Promise<string[]> {
  await page.routeWebSocket(/./, () => {});
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test.describe('header search', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a term matching a module and a quiz shows both groups with their links', async ({ userPage: page }) => {
    await openHome(page);
    await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search content...');
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
    await searchFor(page, 'lease');
    const modules = group(page, 'Modules');
    const quizzes = group(page, 'Quizzes');
    await expect(modules.getByRole('option', { name: 'Commercial Real Estate Fundamentals' })).toHaveAttribute('href', '/modules/2');
    await expect(quizzes.getByRole('option').first()).toHaveText('Lease Types and CRE Metrics');
    await expect(quizzes.getByRole('option').first()).toHaveAttribute('href', '/quizzes/3');
    await expect(dropdown(page).getByRole('button', { name: 'Clear' })).toBeVisible();
    // The combobox is announced: expanded, owning the listbox, with a live count.
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(searchBox(page)).toHaveAttribute(
      'aria-controls',
      (await dropdown(page).getByRole('listbox').getAttribute('id')) ?? 'missing',
    );
    await expect(page.getByRole('status').filter({ hasText: /\d+ results? available/ })).toHaveCount(1);
    // Scrolls above about 20rem.
    const scroller = dropdown(page).getByRole('listbox').locator('..');
    await expect(scroller).toHaveCSS('max-height', '320px');
    await expect(scroller).toHaveCSS('overflow-y', 'auto');
  });

  test('the open dropdown has no accessibility violations', async ({ userPage: page }) => {
    await openHome(page);
    await searchFor(page, 'marketing');
    await page.keyboard.press('ArrowDown');
    const results = await axe(page).include('header').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('personas read "name - title" and link to /personas/{id}', async ({ userPage: page }) => {
    await openHome(page);
    await searchFor(page, 'Whitfield');
    const persona = group(page, 'Personas').getByRole('option').first();
    await expect(persona).toHaveText(/^Dana Whitfield - .+/);
    await expect(persona).toHaveAttribute('href', '/personas/1');
  });

  test('following a result navigates there and clears the search', async ({ userPage: page }) => {
    await openHome(page);
    await searchFor(page, 'lease');
    // First with the next page answering 204 No Content, so the browser stays here: the results are cleared.
    await page.route('**/quizzes/3', (route) => route.fulfill({ status: 204 }), { times: 1 });
    const requested = page.waitForRequest((request) => request.isNavigationRequest() && request.url().endsWith('/quizzes/3'));
    await group(page, 'Quizzes').getByRole('option', { name: 'Lease Types and CRE Metrics' }).click();
    await requested;
    await expect(dropdown(page)).toHaveCount(0);
    await expect(searchBox(page)).toHaveValue('');
    // Then for real.
    await searchFor(page, 'lease');
    await group(page, 'Quizzes').getByRole('option', { name: 'Lease Types and CRE Metrics' }).click();
    await expect(page).toHaveURL(/\/quizzes\/3$/);
    await waitForIslands(page);
    await expect(searchBox(page)).toHaveValue('');
    await expect(dropdown(page)).toHaveCount(0);
  });

  test('a segment result lands on /buyer-segments/{id}', async ({ userPage: page }) => {
    await openHome(page);
    await searchFor(page, 'Building Owners');
    const segment = group(page, 'Segments').getByRole('option', { name: 'Building Owners' });
    await expect(segment).toHaveAttribute('href', '/segments/8');
    await segment.click();
    await expect(page).toHaveURL(/\/buyer-segments\/8$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Building Owners');
  });

  test('Clear empties both the input and the results', async ({ userPage: page }) => {
    await openHome(page);
    await searchFor(page, 'lease');
    await dropdown(page).getByRole('button', { name: 'Clear' }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(dropdown(page)).toHaveCount(0);
    await expect(searchBox(page)).toBeFocused();
  });

  test('no results in all four groups shows the notice', async ({ userPage: page }) => {
    await openHome(page);
    await searchFor(page, 'qqzzxxy');
    await expect(dropdown(page).getByText('No results found', { exact: true })).toBeVisible();
    await expect(dropdown(page).getByText('Try a different search term', { exact: true })).toBeVisible();
    await expect(dropdown(page).getByRole('option')).toHaveCount(0);
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('a failed search shows the destructive notice', async ({ userPage: page }) => {
    await page.route('**/api/search?**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await openHome(page);
    await searchFor(page, 'lease');
    await expect(dropdown(page).getByText('Search failed', { exact: true })).toBeVisible();
    await expect(dropdown(page).getByText('Could not perform search at this time', { exact: true })).toBeVisible();
    const toast = page.getByTestId('toasts').locator('[data-variant="destructive"]');
    await expect(toast).toContainText('Search failed');
    await expect(toast).toContainText('Could not perform search at this time');
  });

  test('an older answer never overwrites a newer one', async ({ userPage: page }) => {
    // The answer to "lea" is held back until the answer to "lease" is on screen, then released.
    let releaseStale = () => {};
    const staleHeld = new Promise<void>((resolve) => (releaseStale = resolve));
    await page.route('**/api/search?**', async (route) => {
      if (new URL(route.request().url()).searchParams.get('q') !== 'lea') return route.continue();
      await staleHeld;
      await route
        .fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ modules: [{ id: 1, title: 'STALE ANSWER' }], segments: [], personas: [], quizzes: [] }),
        })
        .catch(() => {}); // the page aborted it: that is the point
    });
    await openHome(page);
    const staleRequest = page.waitForRequest((r) => new URL(r.url()).searchParams.get('q') === 'lea');
    await searchBox(page).fill('lea');
    const stale = await staleRequest;
    // Settled = delivered to the page, or aborted by it (possibly before it is released).
    const staleSettled = Promise.race([
      page.waitForEvent('requestfinished', { predicate: (r) => r === stale, timeout: 0 }),
      page.waitForEvent('requestfailed', { predicate: (r) => r === stale, timeout: 0 }),
    ]);
    await searchFor(page, 'lease');
    await expect(group(page, 'Quizzes').getByRole('option', { name: 'Lease Types and CRE Metrics' })).toBeVisible();
    releaseStale();
    await staleSettled;
    // Two frames: whatever the page does with the late answer has been rendered.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(dropdown(page).getByText('STALE ANSWER')).toHaveCount(0);
    await expect(group(page, 'Quizzes').getByRole('option', { name: 'Lease Types and CRE Metrics' })).toBeVisible();
  });

  test('keyboard: "/" focuses, arrows move, Enter opens, Escape closes', async ({ userPage: page }) => {
    await openHome(page);
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    await expect(searchBox(page)).toBeFocused();
    await expect(searchBox(page)).toHaveValue('');
    await page.keyboard.type('lease');
    await expect(dropdown(page).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
    const options = dropdown(page).getByRole('option');
    const count = await options.count();
    expect(count).toBeGreaterThan(2);
    const box = searchBox(page);
    const activeIs = async (index: number) => {
      const option = options.nth(index);
      await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? 'missing');
      await expect(option).toHaveAttribute('aria-selected', 'true');
    };

    await page.keyboard.press('ArrowDown');
    await activeIs(0);
    await page.keyboard.press('ArrowDown');
    await activeIs(1);
    await page.keyboard.press('ArrowUp');
    await activeIs(0);
    await page.keyboard.press('ArrowUp');
    await activeIs(count - 1); // wraps
    await page.keyboard.press('ArrowDown');
    await activeIs(0);

    await page.keyboard.press('Escape');
    await expect(dropdown(page)).toHaveCount(0);
    await expect(box).toHaveValue('lease');
    await expect(box).not.toHaveAttribute('aria-activedescendant');

    await page.keyboard.press('ArrowDown');
    await activeIs(0);
    await page.keyboard.press('ArrowDown');
    await activeIs(1);
    const href = (await options.nth(1).getAttribute('href')) ?? 'missing';
    const landing = href.replace(/^\/segments\//, '/buyer-segments/'); // docs/decisions.md redirect
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === landing);
  });

  test('with a slow CPU, text typed before, during and after hydration is all kept and searched', async ({ userPage: page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const release = await holdIslandScript(page);
    await page.goto('/company-overview');
    await page.waitForLoadState('load');
    const box = searchBox(page);
    await box.pressSequentially('lea', { delay: 15 }); // before: the island's script is held
    release();
    await box.pressSequentially('se ty', { delay: 15 }); // during: hydration runs while these keys land
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, undefined, { timeout: 30_000 });
    await box.pressSequentially('pes', { delay: 15 }); // after
    await expect(box).toHaveValue('lease types');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(group(page, 'Quizzes').getByRole('option').first()).toHaveText('Lease Types and CRE Metrics', { timeout: 30_000 });
  });

  test('"/" typed inside another field stays in that field', async ({ userPage: page }) => {
    await openHome(page);
    await searchBox(page).pressSequentially('a/b');
    await expect(searchBox(page)).toHaveValue('a/b');
  });

  test('a reading page loads no React until the box is used; typing right after load keeps every character and searches', async ({
    userPage: page,
  }) => {
    const scripts = await scriptsRequested(page);
    // Hold the island's script, as on a slow connection, so the typing happens before it hydrates.
    const release = await holdIslandScript(page);
    await page.goto('/company-overview');
    await page.waitForLoadState('load');
    await page.waitForTimeout(2500); // past the idle period late islands wait for
    expect(scripts.filter((path) => /HeaderSearch|client\.|react/i.test(path))).toEqual([]);

    const box = searchBox(page);
    await box.pressSequentially('lease', { delay: 20 });
    expect(scripts.some((path) => path.includes('HeaderSearch'))).toBe(true); // the first key press asked for it
    await expect(box).toHaveValue('lease');
    release();
    await expect(group(page, 'Modules').getByRole('option', { name: 'Commercial Real Estate Fundamentals' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(box).toHaveValue('lease');
    await box.press('End');
    await box.pressSequentially(' types', { delay: 20 });
    await expect(box).toHaveValue('lease types');
    await expect(group(page, 'Quizzes').getByRole('option').first()).toHaveText('Lease Types and CRE Metrics');
  });

  test('once a reading page has settled, the island is fetched but not run, and its first use takes it from the cache', async ({
    userPage: page,
  }) => {
    const scripts = await scriptsRequested(page);
    await page.goto('/company-overview');
    const built = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/_astro/') && entry.name.endsWith('.js'))
          .map((entry) => {
            const timing = entry as PerformanceResourceTiming;
            return { path: new URL(timing.name).pathname, by: timing.initiatorType, bytes: timing.transferSize, at: timing.startTime };
          }),
      );
    // Fetched as text at idle: the island's module and React's, with everything they import.
    await expect.poll(async () => (await built()).filter((entry) => entry.by === 'fetch').length, { timeout: 15_000 }).toBeGreaterThan(2);
    const prefetched = (await built()).filter((entry) => entry.by === 'fetch');
    expect(prefetched.map((entry) => entry.path)).toEqual(expect.arrayContaining([expect.stringMatching(/\/HeaderSearch\.[\w-]+\.js$/)]));
    // ...and never run: no script element or module import asked for them, the island is not hydrated.
    expect(scripts.filter((path) => /HeaderSearch|client\.|react/i.test(path))).toEqual([]);
    await expect(page.locator('astro-island[client="interaction"][ssr]')).toHaveCount(1);

    const box = searchBox(page);
    const used = await page.evaluate(() => performance.now());
    await box.pressSequentially('lease', { delay: 20 });
    await expect(group(page, 'Modules').getByRole('option', { name: 'Commercial Real Estate Fundamentals' })).toBeVisible({
      timeout: 30_000,
    });
    // The module loader asked for the same files and got every one of them from the HTTP cache.
    const loaded = (await built()).filter(
      (entry) => entry.at > used && entry.by !== 'fetch' && prefetched.some((fetched) => fetched.path === entry.path),
    );
    expect(loaded.map((entry) => entry.path)).toEqual(expect.arrayContaining([expect.stringMatching(/\/HeaderSearch\.[\w-]+\.js$/)]));
    expect(loaded.filter((entry) => entry.bytes > 0)).toEqual([]);
  });

  test('"/" focuses the box before the island has loaded', async ({ userPage: page }) => {
    await page.routeWebSocket(/./, () => {});
    await page.goto('/product');
    await page.keyboard.press('/');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('broker');
    await expect(dropdown(page).getByRole('heading', { name: 'Search Results' })).toBeVisible({ timeout: 30_000 });
    await expect(searchBox(page)).toHaveValue('broker');
  });
});
