// Content freshness (docs/decisions.md "Content freshness"): "Reviewed {date} by {owner}" on content pages, the quiet overdue note,
// the administrators-only Content health page (sortable, CSV), the negative persona on the ICP Red Flags
// tab and computed lesson minutes. The server's freshness clock is pinned by playwright.config.ts
// (PARCELWISE_NOW), so nothing here depends on today's date. Against a dev server (PW_BASE_URL), start it
// with the same PARCELWISE_NOW.
import { readFile } from 'node:fs/promises';
import { expect, holdTimers, test, waitForIslands } from './fixtures';

const E2E_TODAY = 'December 12, 2026';

test('a lesson past its review date says so quietly, with its owner', async ({ userPage: page }) => {
  await page.goto('/modules/5/lessons/503');
  const note = page.getByTestId('review-note');
  await expect(note).toContainText('Reviewed June 1, 2026 by Rafael Souza');
  await expect(note.locator('time')).toHaveAttribute('datetime', '2026-06-01');
  await expect(note.getByRole('note')).toHaveText('Review overdue — check before quoting. Owner: Rafael Souza.');
});

test('a lesson within its review date shows only the owner line', async ({ userPage: page }) => {
  await page.goto('/modules/5/lessons/502');
  await expect(page.getByTestId('review-note')).toHaveText('Reviewed July 13, 2026 by Lukas Becker');
  await expect(page.getByTestId('review-overdue')).toHaveCount(0);
});

test('every kind of content page shows its review line', async ({ userPage: page }) => {
  const pages: Array<[string, RegExp]> = [
    ['/modules/5', /^Reviewed July 13, 2026 by Lukas Becker$/],
    ['/quizzes/3', /^Reviewed September 8, 2026 by Jonah Whitaker$/],
    ['/personas/1', /^Reviewed .+ 2026 by (Jonah Whitaker|Grace Villanueva)$/],
    ['/buyer-segments/8', /^Reviewed October 12, 2026 by Grace Villanueva$/],
    ['/ideal-customer-profile', /^Reviewed October 26, 2026 by Sofia Ramirez$/],
    ['/product', /^Reviewed August 3, 2026 by Lukas Becker, Hannah Kowalski and Chloe Martin$/],
    ['/industry-knowledge', /^Reviewed September 8, 2026 by Jonah Whitaker$/],
    ['/company-overview', /^Reviewed September 1, 2026 by Chloe Martin$/],
    ['/resources', /^Reviewed July 20, 2026 by Priya Nair and Chloe Martin$/],
    ['/sales-situations', /^Reviewed September 2\d, 2026 by Sofia Ramirez$/],
  ];
  for (const [path, line] of pages) {
    await page.goto(path);
    await expect(page.getByTestId('review-note').first().locator('p').first(), path).toHaveText(line);
  }
});

test('a tab of several entries names the overdue ones and their owner', async ({ userPage: page }) => {
  await page.goto('/industry-knowledge?tab=competitive-landscape');
  const overdue = page.getByRole('tabpanel').getByTestId('review-overdue');
  await expect(overdue).toHaveText(
    'Review overdue — check before quoting: Listora, BrokerNest, Mailvanta and Spacefinder Exchange (owner: Chloe Martin)',
  );
});

test('the ICP Red Flags tab links the negative persona', async ({ userPage: page }) => {
  await page.goto('/ideal-customer-profile?tab=negative-persona');
  const example = page.getByTestId('negative-persona');
  await expect(example.getByRole('heading')).toHaveText('A worked example of who we do not target: Sofia Marchetti');
  await example.getByRole('link', { name: /Sofia Marchetti/ }).click();
  await expect(page).toHaveURL(/\/personas\/10$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sofia Marchetti');
});

test('module minutes are the sum of the computed lesson minutes', async ({ userPage: page }) => {
  await page.goto('/modules/2');
  const rows = await page.getByTestId('lesson-row').locator('p').allTextContents();
  const minutes = rows.map((text) => Number(/(\d+) min/.exec(text)?.[1]));
  expect(minutes.every((value) => value >= 1 && value <= 20)).toBe(true);
  await expect(page.getByText(`${minutes.reduce((sum, value) => sum + value, 0)} minutes`)).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('module-card').filter({ hasText: 'Commercial Real Estate Fundamentals' })).toContainText(
    `${minutes.reduce((sum, value) => sum + value, 0)} minutes`,
  );
});

test('Content health: administrators see overdue, reopened and due-soon entries, sort them and export them', async ({
  adminPage: page,
}) => {
  await page.goto('/team-progress');
  await page.getByTestId('content-health-link').click();
  await expect(page).toHaveURL(/\/content-health$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Content Health');
  await expect(page.getByTestId('content-health-summary')).toHaveText(
    new RegExp(
      `^As of ${E2E_TODAY}: \\d+ overdue, \\d+ to review again after a fact changed, \\d+ due within 30 days, of \\d+ entries\\.$`,
    ),
  );
  const row = page.getByTestId('content-health-row').filter({ hasText: 'Integrations: The Connected Stack' });
  await expect(row).toHaveAttribute('data-status', 'overdue');
  await expect(row).toContainText('Rafael Souza');
  await expect(row).toContainText('June 1, 2026');
  await expect(row).toContainText('December 1, 2026');
  await expect(row).toContainText('11 days overdue');
  await expect(row.getByRole('link', { name: 'Integrations: The Connected Stack' })).toHaveAttribute('href', '/modules/5/lessons/503');
  // The lesson repeats the CRM facts, reviewed after it: each reopens it, with the fact and the date.
  await expect(
    row.getByTestId('reopened-by').filter({ hasText: "fact 'HubSpot: what syncs, and which way' changed on 2026-12-02" }),
  ).toHaveCount(1);
  await expect(page.locator('[data-testid="content-health-row"][data-status="needs-review"]').first()).toContainText('Review again: fact');

  const owner = page.getByRole('columnheader', { name: /Owner/ });
  await owner.getByRole('link').click();
  await expect(page).toHaveURL(/sort=ownerName&direction=ascending/);
  await expect(page.getByRole('columnheader', { name: /Owner/ })).toHaveAttribute('aria-sort', 'ascending');
  const owners = await page.locator('[data-testid="content-health-row"] [data-column="ownerName"]').allTextContents();
  expect(owners).toEqual([...owners].sort((a, b) => a.localeCompare(b)));

  const downloading = page.waitForEvent('download');
  await page.getByTestId('content-health-csv').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('content-health-2026-12-12.csv');
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe('status,kind,title,owner,ownerId,lastReviewed,reviewBy,daysLeft,link,file,reopenedBy');
  expect(lines).toHaveLength(owners.length + 1);
  expect(lines.slice(1).map((line) => /^"[^"]*","[^"]*","(?:[^"]|"")*","([^"]*)"/.exec(line)?.[1])).toEqual(owners);
});

test('Content health is for administrators only: 403, Access Denied and no content data', async ({ userPage: page }) => {
  // The toast leaves after 5 s: the page's timers stand still until it has been read.
  await holdTimers(page);
  const response = await page.goto('/content-health');
  expect(response?.status()).toBe(403);
  const toast = page.getByRole('alert').filter({ hasText: 'Access Denied' });
  await expect(toast).toContainText('Content health is only accessible to administrators.');
  await page.clock.resume();
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: 'Restricted Access' })).toBeVisible();
  await expect(page.getByTestId('content-health-table')).toHaveCount(0);
  expect(await page.content()).not.toContain('Rafael Souza');
});
