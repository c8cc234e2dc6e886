// Visit tracking and the Team Progress dashboard (SPEC §2, §4, §6, §8, §9).
import { readFile } from 'node:fs/promises';
import type { Page, Response } from '@playwright/test';
import { DEMO_ADMIN } from '~/lib/server/demo-accounts';
import { expect, signUpFresh, test, waitForIslands } from './fixtures';

const TRACK = '/api/track-visit';
const isTrack = (response: Response) => new URL(response.url()).pathname === TRACK;
const bodyOf = (response: Response) =>
  response.request().postDataJSON() as { pagePath: string; tabId: string | null; exitPage: string | null };

/** Minimal CSV parser (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') endCell();
    else if (char === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (char !== '\r') cell += char;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

async function tableRows(page: Page) {
  return page.locator('tbody tr[data-user-id]').evaluateAll((rows) =>
    rows.map((row) => {
      const figure = (name: string) => row.querySelector(`[data-figure="${name}"]`);
      return {
        id: row.getAttribute('data-user-id') ?? '',
        progress: (figure('progress')?.textContent ?? '').replace('%', '').trim(),
        pagesVisited: figure('pagesVisited')?.textContent?.trim() ?? '',
        quizzesCompleted: figure('quizzesCompleted')?.textContent?.trim() ?? '',
        dailyChallenges: figure('dailyChallenges')?.textContent?.trim() ?? '',
        loginCount: figure('loginCount')?.textContent?.trim() ?? '',
        lastActive: figure('lastActive')?.querySelector('time')?.getAttribute('datetime') ?? 'null',
      };
    }),
  );
}

test("a fresh user's visits, tab changes and exits are recorded and appear in the admin's table", async ({ page, adminPage }) => {
  test.slow(); // several page loads and a poll of the admin's page; nothing here is timed
  await page.goto('/auth');
  const fresh = await signUpFresh(page, 'Visit Tracker');

  // Page entry on /product, then leave it for /company-overview (an exit beacon, then an entry).
  let entry = page.waitForResponse((r) => isTrack(r) && bodyOf(r).pagePath === '/product' && bodyOf(r).exitPage === null);
  await page.goto('/product');
  expect((await entry).status()).toBe(204);
  entry = page.waitForResponse((r) => isTrack(r) && bodyOf(r).pagePath === '/company-overview' && bodyOf(r).tabId === null);
  await page.goto('/company-overview');
  expect((await entry).status()).toBe(204);
  await waitForIslands(page);

  // A tab change is recorded (204 only after it is stored) with its tab id.
  const tabChange = page.waitForResponse((r) => isTrack(r) && bodyOf(r).tabId === 'team');
  await page.getByRole('tab', { name: 'Our Team' }).click();
  expect((await tabChange).status()).toBe(204);
  expect(bodyOf(await tabChange)).toMatchObject({ pagePath: '/company-overview', tabId: 'team', exitPage: null });

  // Leaving the hub: only the exit beacon is sent (browsers do not report beacons to Playwright), so it
  // must become the user's latest event — which also proves the beacon passes the same-origin check.
  const beforeExit = Date.now();
  await page.goto('about:blank');

  const row = adminPage.locator('tbody tr', { hasText: fresh.username });
  await expect
    .poll(
      async () => {
        await adminPage.goto('/team-progress');
        return Date.parse((await row.locator('[data-figure="lastActive"] time').getAttribute('datetime')) ?? '');
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBeGreaterThanOrEqual(beforeExit - 1000);
  await expect(row).toHaveCount(1);
  // Two page entries; the exits and the tab change are not pages visited. Registration signed in once.
  await expect(row.locator('[data-figure="pagesVisited"]')).toHaveText('2');
  await expect(row.locator('[data-figure="loginCount"]')).toHaveText('1');
  await expect(row.locator('[data-figure="quizzesCompleted"]')).toHaveText('0');
  await expect(row.locator('[data-figure="dailyChallenges"]')).toHaveText('0');
  await expect(row.locator('[data-figure="progress"]')).toHaveText('0%');
  await expect(row.locator('[data-figure="lastActive"]')).toContainText('Active');
});

test("a non-administrator gets 'Access Denied' and 'Restricted Access' with a link home, and no team data", async ({ userPage }) => {
  const response = await userPage.goto('/team-progress');
  expect(response?.status()).toBe(403);
  await waitForIslands(userPage);
  const toast = userPage.getByRole('alert').filter({ hasText: 'Access Denied' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('The Team Progress dashboard is only accessible to administrators.');
  await expect(userPage.getByRole('heading', { name: 'Restricted Access' })).toBeVisible();
  const home = userPage.getByRole('link', { name: 'Return to Dashboard' });
  await expect(home).toHaveAttribute('href', '/');
  await expect(userPage.getByTestId('team-table')).toHaveCount(0);
  expect(await userPage.content()).not.toContain(DEMO_ADMIN.username);
  await home.click();
  await expect(userPage).toHaveURL(/\/$/);
});

test('the administrator sorts and filters the table and downloads it as CSV with the same rows', async ({ adminPage }) => {
  await adminPage.goto('/team-progress');
  await waitForIslands(adminPage);
  await expect(adminPage.getByTestId('overall-engagement')).toHaveText(/^\d+%$/);
  await expect(adminPage.getByTestId('figure-definitions')).toContainText('Page-entry visits (not exits, not tab changes).');

  // Sorting by keyboard: Enter on a column header button; aria-sort follows.
  const header = adminPage.getByRole('columnheader', { name: /Pages visited/ });
  await header.getByRole('button').focus();
  await adminPage.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const descending = (await tableRows(adminPage)).map((r) => Number(r.pagesVisited));
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await adminPage.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');

  // The admin just signed in, so is active: the 'Inactive' filter hides that row.
  const total = (await tableRows(adminPage)).length;
  await adminPage.getByRole('radio', { name: 'Inactive' }).check();
  await expect(adminPage.locator('tbody tr', { hasText: DEMO_ADMIN.username })).toHaveCount(0);
  await adminPage.getByRole('radio', { name: 'All' }).check();
  await expect(adminPage.locator('tbody tr[data-user-id]')).toHaveCount(total);

  const rows = await tableRows(adminPage);
  const downloading = adminPage.waitForEvent('download');
  await adminPage.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('team-progress.csv');
  const [header_, ...lines] = parseCsv(await readFile((await download.path())!, 'utf8'));
  expect(header_).toEqual([
    'id',
    'name',
    'username',
    'progress',
    'mastery',
    'pagesVisited',
    'quizzesCompleted',
    'dailyChallenges',
    'loginCount',
    'lastActive',
  ]);
  expect(
    lines.map(([id, , , progress, , pagesVisited, quizzesCompleted, dailyChallenges, loginCount, lastActive]) => ({
      id,
      progress,
      pagesVisited,
      quizzesCompleted,
      dailyChallenges,
      loginCount,
      lastActive,
    })),
  ).toEqual(rows);
});
