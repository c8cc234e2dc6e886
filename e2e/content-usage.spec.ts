// Content health's usage sections (docs/product.md "Content health (/content-health)"): a search typed in the header box that
// found nothing, carried to /search with Enter, shows once under "Searched, found nothing" with what to
// do and the zero-result rate beside its target; a result opened from the dropdown or the /search page is
// told to the log as a beacon; "No visits in 90 days" lists pages nobody opened, each with where to link it
// from, and not a page just visited. Searches and visits are logged with the server's real clock.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** A word no page has, different in every run (the e2e data is shared by the specs of a run). */
const nonsense = () =>
  `qxz${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)}`;

/**
 * Content health with the row of a search that found nothing. A search is logged after its answer, so the page is
 * opened again until the row is there: on a busy machine the log may land after the first view.
 */
async function foundNothingRow(page: Page, text: string): Promise<Locator> {
  const row = page.getByTestId('found-nothing').getByTestId('found-nothing-row').filter({ hasText: text });
  await expect(async () => {
    await page.goto('/content-health');
    await expect(row).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  return row;
}

test('a search that found nothing shows once in content health, with what to do and the zero-result rate', async ({ adminPage: page }) => {
  const word = nonsense();
  await page.goto('/company-overview');
  const box = page.getByRole('combobox', { name: 'Search content' });
  await box.click();
  await box.pressSequentially(word, { delay: 30 });
  await expect(page.getByTestId('search-results')).toContainText('No results found');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  await expect(page.getByTestId('search-summary')).toContainText('No results found');

  const row = await foundNothingRow(page, word);
  const section = page.getByTestId('found-nothing');
  await expect(section.getByRole('heading', { name: 'Searched, found nothing' })).toBeVisible();
  await expect(section.getByTestId('zero-result-rate')).toHaveText(
    /^Zero-result rate: \d+(\.\d)? % \(\d+ of \d+ search(es)?\), target ≤ 5 % (Within|Above) target$/,
  );
  await expect(row.getByRole('rowheader')).toHaveText(word);
  await expect(row.getByRole('cell').nth(0)).toHaveText('1'); // the typing run and its /search page: one search
  await expect(row.locator('[data-column="action"]')).toHaveText('Write the page: nothing in the hub mentions it.');
  await expect(row.getByRole('link', { name: word })).toHaveAttribute('href', `/search?q=${word}`);
});

test('a search some of whose words find a page says to add a synonym, linking the closest page', async ({ adminPage: page }) => {
  const query = `yardi ${nonsense()}`;
  const response = await page.request.get(`/api/search?q=${encodeURIComponent(query)}`);
  expect(response.status()).toBe(200);
  const row = await foundNothingRow(page, query);
  await expect(row).toHaveAttribute('data-action', 'synonym');
  await expect(row.locator('[data-column="action"]')).toHaveText(/^Add a synonym if .+ answers it; if not, write the page\.$/);
  await row.locator('[data-column="action"]').getByRole('link').click();
  await expect(page).not.toHaveURL(/content-health/);
});

test('opening a result from the header dropdown and from /search tells the log', async ({ userPage: page }) => {
  // The beacons pass through here to the server, which accepts one (204) only for a result of the term.
  const told: Array<{ body: unknown; status: number }> = [];
  await page.route('**/api/search/opened', async (route) => {
    const response = await route.fetch();
    told.push({ body: route.request().postDataJSON(), status: response.status() });
    await route.fulfill({ response });
  });
  await page.goto('/product');
  const box = page.getByRole('combobox', { name: 'Search content' });
  await box.click();
  await box.pressSequentially('NOI', { delay: 30 });
  const first = page.getByRole('option').first();
  await expect(first).toBeVisible();
  const href = await first.getAttribute('href');
  await first.click();
  await expect.poll(() => told.length).toBe(1);
  expect(told[0]).toEqual({ body: { q: 'NOI', href, typing: expect.stringMatching(/^[0-9a-f]{12}$/) }, status: 204 });

  await page.goto('/search?q=NOI');
  const hit = page.getByTestId('search-hit').first().getByRole('link');
  const pageHref = await hit.getAttribute('href');
  await hit.click();
  await expect.poll(() => told.length).toBe(2);
  expect(told[1]).toEqual({ body: { q: 'NOI', href: pageHref }, status: 204 });
});

test('"No visits in 90 days" lists pages nobody opened with where to link them from, not a page just visited', async ({
  adminPage: page,
}) => {
  const visited = page.waitForResponse((response) => response.url().endsWith('/api/track-visit'));
  await page.goto('/sales-kit/demo-scripts');
  expect((await visited).status()).toBe(204);
  await page.goto('/content-health');
  const section = page.getByTestId('unvisited-pages');
  // The visit marks its page just after its answer.
  await expect(async () => {
    await page.reload();
    await expect(section.locator('[data-path="/sales-kit/demo-scripts"]')).toHaveCount(0, { timeout: 500 });
  }).toPass();
  await expect(section.getByRole('heading', { name: 'No visits in 90 days' })).toBeVisible();
  const rows = section.getByTestId('unvisited-row');
  await expect(section.getByTestId('unvisited-summary')).toContainText(`${await rows.count()} pages nobody opened in the last 90 days.`);
  await expect(section.getByTestId('unvisited-summary')).toContainText('Visits are counted since the week of');
  const lesson = section.locator('[data-path="/modules/6/lessons/608"]');
  await expect(lesson.getByRole('rowheader')).toContainText('Practice: The Objection Library');
  await expect(lesson.locator('[data-column="action"]')).toHaveText('Link it from Selling Parcelwise');
  await expect(lesson.locator('[data-column="action"]').getByRole('link')).toHaveAttribute('href', '/modules/6');
});
