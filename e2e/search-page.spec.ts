// Search beyond the dropdown: deep links land on a visible target below the sticky header
// (tab selected, lazy section drawn), Enter and 'See all results' open the /search results page, which
// works without JavaScript and with the keyboard alone.
import type { Locator, Page } from '@playwright/test';
import { STORAGE } from './global-setup';
import { expect, test, waitForIslands } from './fixtures';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search content' });
const dropdown = (page: Page) => page.getByTestId('search-results');
const group = (page: Page, name: string) => dropdown(page).getByRole('group', { name });

async function openHome(page: Page): Promise<void> {
  await page.routeWebSocket(/./, () => {}); // silence Vite's HMR socket under `astro dev`
  await page.goto('/');
  await waitForIslands(page);
}

/** The target is on screen, its top edge below the sticky header (not hidden under it). */
async function expectLandedOn(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeInViewport();
  const header = page.locator('header.sticky');
  await expect
    .poll(async () => {
      const [box, bar] = await Promise.all([target.boundingBox(), header.boundingBox()]);
      return box && bar ? Math.round(box.y - (bar.y + bar.height)) : -1;
    })
    .toBeGreaterThanOrEqual(0);
  await expect(target).toBeInViewport();
}

test.describe('search deep links', () => {
  test.describe.configure({ timeout: 120_000 });

  test('NNN from the header lands on the abbreviation, on screen below the header, its tab selected', async ({ userPage: page }) => {
    await openHome(page);
    await searchBox(page).fill('NNN');
    const option = group(page, 'Glossary').getByRole('option', { name: /^NNN: Triple net/ });
    await expect(option).toHaveAttribute('href', '/industry-knowledge?tab=terms-acronyms#abbr-nnn');
    await option.click();
    await expect(page).toHaveURL(/\/industry-knowledge\?tab=terms-acronyms#abbr-nnn$/);
    await expect(page.getByRole('tab', { name: 'Terms & Acronyms' })).toHaveAttribute('aria-selected', 'true');
    const row = page.locator('#abbr-nnn');
    await expect(row).toContainText('Triple net');
    await expectLandedOn(page, row);
  });

  test('a glossary term in the lazily drawn glossary lands on screen, reached with the keyboard', async ({ userPage: page }) => {
    await openHome(page);
    await searchBox(page).fill('cap rate');
    const option = group(page, 'Glossary').getByRole('option').first();
    await expect(option).toContainText('Capitalization rate (cap rate)');
    const index = await dropdown(page)
      .getByRole('option')
      .evaluateAll((options, id) => options.findIndex((o) => o.id === id), await option.getAttribute('id'));
    for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#term-capitalization-rate-cap-rate$/);
    const entry = page.locator('#term-capitalization-rate-cap-rate');
    await expect(entry).toContainText('Net operating income divided by');
    await expectLandedOn(page, entry);
  });

  test('a lesson section, an integration and a sales situation play land on screen', async ({ userPage: page }) => {
    await page.goto('/modules/2/lessons/203#net-leases-n-nn-and-nnn');
    await expectLandedOn(page, page.getByRole('heading', { name: 'Net leases: N, NN and NNN' }));

    await page.goto('/product?tab=integrations#integration-yardi-voyager');
    await expect(page.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');
    await expectLandedOn(page, page.locator('#integration-yardi-voyager'));

    await page.goto('/sales-situations?situation=budget-pushback&play=2#coach-result');
    const result = page.getByTestId('coach-result');
    await expect(result.getByRole('heading', { level: 2 })).toContainText('Budget Pushback');
    await expect(result.getByRole('heading', { name: 'Play 2 of 4' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Budget Pushback/ })).toHaveAttribute('aria-pressed', 'true');
    await expectLandedOn(page, result);
    await waitForIslands(page);
    await expect(result.getByRole('heading', { name: 'Play 2 of 4' })).toBeVisible(); // still after hydration
  });
});

test.describe('the header box and the /search page', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a one-letter term says "Type at least two letters" instead of nothing', async ({ userPage: page }) => {
    await openHome(page);
    await searchBox(page).fill('a');
    await expect(dropdown(page).getByText('Type at least two letters', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Type at least two letters' })).toHaveCount(1);
    await expect(dropdown(page).getByRole('option')).toHaveCount(0);
  });

  test('Enter on the box opens /search with every group, counts, snippets and deep links', async ({ userPage: page }) => {
    await openHome(page);
    await searchBox(page).fill('NNN');
    await expect(group(page, 'Glossary')).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=NNN$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expect(page.getByTestId('search-summary')).toContainText(/\d+ results for “NNN”/);
    const glossary = page.locator('[data-testid="search-group"][data-group="glossary"]');
    await expect(glossary.getByRole('heading', { level: 2 })).toContainText(/Glossary \(\d+\)/);
    await expect(glossary.getByRole('link', { name: 'NNN: Triple net' })).toHaveAttribute(
      'href',
      '/industry-knowledge?tab=terms-acronyms#abbr-nnn',
    );
    await expect(page.getByTestId('search-snippet').locator('mark', { hasText: /^NNN$/ }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Result groups' }).getByRole('link')).not.toHaveCount(0);
  });

  test("'See all results' opens the results page of the term", async ({ userPage: page }) => {
    await openHome(page);
    await searchBox(page).fill('budget');
    await dropdown(page).getByRole('link', { name: 'See all results' }).click();
    await expect(page).toHaveURL(/\/search\?q=budget$/);
    await expect(page.getByRole('heading', { name: 'Best matches' })).toBeVisible();
    await expect(page.getByTestId('search-hit').first()).toContainText('Budget Pushback');
  });

  test('the results page answers the rules: too short, nothing found, over 200 characters', async ({ userPage: page }) => {
    await page.goto('/search?q=a');
    await expect(page.getByTestId('search-summary')).toHaveText('Type at least two letters');
    await page.goto('/search?q=qqzzxxy');
    await expect(page.getByTestId('search-summary')).toContainText('No results found');
    const response = await page.goto(`/search?q=${'x'.repeat(201)}`);
    expect(response?.status()).toBe(400);
    await expect(page.getByTestId('search-summary')).toHaveText('The search term must be at most 200 characters.');
  });

  test('keyboard only: the results page form, then a result', async ({ userPage: page }) => {
    await page.goto('/search');
    await waitForIslands(page);
    const field = page.getByRole('searchbox', { name: 'Search term' });
    await field.focus();
    await page.keyboard.type('Yardi');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=Yardi$/);
    await expect(page.getByRole('searchbox', { name: 'Search term' })).toHaveValue('Yardi');
    const first = page.getByTestId('search-hit').first().getByRole('link');
    await expect(first).toHaveText('Yardi Voyager');
    // Tab from the form's button reaches the first result.
    await page.getByRole('button', { name: 'Search', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/product\?tab=integrations#integration-yardi-voyager$/);
    await expectLandedOn(page, page.locator('#integration-yardi-voyager'));
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, storageState: STORAGE.user });

  test('the header box and the results page work as plain forms and links', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search content' }).fill('too expensive');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=too\+expensive$/);
    await expect(page.getByTestId('search-hit').filter({ hasText: 'Budget Pushback' }).first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search term' }).fill('Listora');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=Listora$/);
    await page.getByTestId('search-hit').first().getByRole('link', { name: 'Listora' }).click();
    await expect(page).toHaveURL(/tab=competitive-landscape#competitor-listora$/);
    await expect(page.locator('#competitor-listora')).toBeInViewport();
  });
});
