// Visit tracking and the Team Progress dashboard.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page, Response } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER } from '~/server/demo-accounts';
import { expect, holdTimers, signUpFresh, test, waitForIslands } from './fixtures';
import { STORAGE } from './global-setup';

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

/** Find, as typed into the box and sent with Enter (the table's form reloads the page with the rows found). */
async function findMember(page: Page, text: string) {
  await page.getByTestId('team-find').fill(text);
  await Promise.all([page.waitForURL((url) => url.searchParams.get('find') === text), page.getByTestId('team-find').press('Enter')]);
}

const FILTER_VALUES: Record<string, string> = {
  All: 'all',
  'Active (last 7 days)': 'active',
  Inactive: 'inactive',
  'Behind or overdue': 'behind',
  'Due in the next 7 days': 'due-soon',
};

/** Chooses a filter and applies it (the form keeps the sort and Find). */
async function applyFilter(page: Page, label: string) {
  await page.getByRole('radio', { name: label }).check();
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get('filter') === FILTER_VALUES[label]),
    page.getByRole('button', { name: 'Apply' }).click(),
  ]);
}

async function tableRows(page: Page) {
  return page.locator('tbody tr[data-user-id]').evaluateAll((rows) =>
    rows.map((row) => {
      const figure = (name: string) => row.querySelector(`[data-figure="${name}"]`);
      return {
        id: row.getAttribute('data-user-id') ?? '',
        username: row.querySelector('th span:nth-child(2)')?.textContent?.trim() ?? '',
        pace: figure('onTrack')?.querySelector('.badge')?.textContent?.trim() ?? '',
        progress: (figure('progress')?.textContent ?? '').replace('%', '').trim(),
        mastery: (figure('mastery')?.textContent ?? '').replace('%', '').trim(),
        quiz: (figure('averageQuizScore')?.textContent ?? '').replace(/%|—/g, '').trim(),
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
        await findMember(adminPage, fresh.username);
        return Date.parse((await row.locator('[data-figure="lastActive"] time').getAttribute('datetime')) ?? '');
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBeGreaterThanOrEqual(beforeExit - 1000);
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-figure="progress"]')).toHaveText('0%');
  await expect(row.locator('[data-figure="lastActive"]')).toContainText('Active');
  // The counts are on the person's page: two page entries (the exits and the tab change are not pages
  // visited); registration signed in once.
  await row.getByRole('link', { name: 'Visit Tracker' }).click();
  const activity = adminPage.getByTestId('person-activity');
  await expect(activity.locator('[data-figure="pagesVisited"]')).toHaveText('2');
  await expect(activity.locator('[data-figure="loginCount"]')).toHaveText('1');
  await expect(activity.locator('[data-figure="quizzesCompleted"]')).toHaveText('0');
  await expect(activity.locator('[data-figure="dailyChallenges"]')).toHaveText('0');
});

test("a non-administrator gets 'Access Denied' and 'Restricted Access' with a link home, and no team data", async ({ userPage }) => {
  // The toast comes with the page and leaves after 5 s: the page's timers stand still until it has been read.
  await holdTimers(userPage);
  const response = await userPage.goto('/team-progress');
  expect(response?.status()).toBe(403);
  const toast = userPage.getByRole('alert').filter({ hasText: 'Access Denied' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('The Team Progress dashboard is only accessible to administrators.');
  await userPage.clock.resume();
  await waitForIslands(userPage);
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

  // Seven columns: who is behind, on what, and how well it sticks; the rest is on each person's page.
  await expect(adminPage.getByTestId('team-table').getByRole('columnheader')).toHaveText([
    /^Team member/,
    /^Plan/,
    /^Pace/,
    /^Progress/,
    /^Mastery/,
    /^Average quiz score/,
    /^Last active/,
  ]);

  // Sorting by keyboard: Enter on a column header link; aria-sort follows.
  const header = adminPage.getByRole('columnheader', { name: /Mastery/ });
  await header.getByRole('link').focus();
  await adminPage.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const descending = (await tableRows(adminPage)).map((r) => Number(r.mastery));
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await header.getByRole('link').focus();
  await adminPage.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');

  // The demo user signed in for the suite, so is active: the 'Inactive' filter hides that row.
  await applyFilter(adminPage, 'Inactive');
  await expect(adminPage.locator('tbody tr', { hasText: DEMO_USER.username })).toHaveCount(0);
  // 'All' keeps everyone: the count says so, and the page shows the first 25 of them.
  await applyFilter(adminPage, 'All');
  const [shownAll, total] = /^Showing (\d+) of (\d+) team members$/
    .exec((await adminPage.getByTestId('team-row-count').textContent()) ?? '')!
    .slice(1)
    .map(Number);
  expect(shownAll).toBe(total);
  await expect(adminPage.locator('tbody tr[data-user-id]')).toHaveCount(Math.min(25, total!));
  await expect(header).toHaveAttribute('aria-sort', 'ascending');

  // The table and the CSV are two requests: other specs' people may sign up or act between them, so both are read
  // again until they agree.
  await expect(async () => {
    await adminPage.reload();
    await compareTableWithCsv(adminPage);
  }).toPass({ timeout: 60_000 });
});

async function compareTableWithCsv(adminPage: Page) {
  const rows = await tableRows(adminPage);
  const downloading = adminPage.waitForEvent('download');
  await adminPage.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('team-progress.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  const [header_, ...lines] = parseCsv(csv);
  // No internal ids, percent columns named with their unit, the quiz score included, the page's labels.
  expect(header_).toEqual([
    'Name',
    'Username',
    'Program',
    'Plan day',
    'Plan items done',
    'Plan items tested out',
    'Plan items required',
    'Plan status',
    'Overdue items',
    'Joined',
    'Days in the program',
    'Pace',
    'Progress (%)',
    'Mastery (%)',
    'Average quiz score (%)',
    'Pages visited',
    'Quizzes completed',
    'Daily challenges',
    'Logins',
    'Last active',
  ]);
  for (const id of rows.map((row) => row.id)) expect(csv).not.toContain(id);
  // The CSV holds every row the filter keeps, in the table's order; the table shows them 25 at a time.
  const shownText = (await adminPage.getByTestId('team-row-count').textContent()) ?? '';
  expect(lines).toHaveLength(Number(/^Showing (\d+) of/.exec(shownText)?.[1]));
  const column = (line: string[], label: string) => line[header_!.indexOf(label)] ?? '';
  expect(
    lines.slice(0, rows.length).map((line) => ({
      username: column(line, 'Username'),
      pace: column(line, 'Pace'),
      progress: column(line, 'Progress (%)'),
      mastery: column(line, 'Mastery (%)'),
      quiz: column(line, 'Average quiz score (%)'),
      lastActive: column(line, 'Last active') || 'null',
    })),
  ).toEqual(rows.map(({ id: _id, ...row }) => row));
}

test.describe('who is behind', () => {
  test('a fresh member: joined today, 0 days, on track, no quiz score yet; administrators are listed apart', async ({
    page,
    adminPage,
  }) => {
    await page.goto('/auth');
    const fresh = await signUpFresh(page, 'Pace Checker');
    await adminPage.goto('/team-progress');
    await findMember(adminPage, fresh.username);
    const row = adminPage.locator('tbody tr', { hasText: fresh.username });
    await expect(row).toHaveCount(1);
    await expect(row.locator('[data-figure="onTrack"]')).toHaveText('On track0 of 0 due');
    await expect(row.locator('[data-figure="averageQuizScore"]')).toHaveText('—');
    // Relative last activity; the exact time is in the tooltip (hover and focus) and read out.
    const lastActive = row.locator('[data-figure="lastActive"] time');
    await expect(lastActive).toHaveText(/^(just now|\d+ min ago) \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/);
    const iso = (await lastActive.getAttribute('datetime'))!;
    const exact = `${iso.slice(0, 16).replace('T', ' ')} UTC`;
    await expect(row.locator('[data-figure="lastActive"] .tooltip')).toHaveAttribute('data-tip', exact);
    await lastActive.focus();
    await expect(lastActive).toBeFocused();

    // The administrator is not a team member: not in the table, listed apart.
    await expect(adminPage.locator('tbody tr', { hasText: DEMO_ADMIN.username })).toHaveCount(0);
    await expect(adminPage.getByTestId('administrators')).toContainText(DEMO_ADMIN.username);
    await expect(adminPage.getByTestId('administrators')).not.toContainText(fresh.username);
    await expect(adminPage.getByTestId('figure-definitions')).toContainText('module N done by week N');
    await expect(adminPage.getByTestId('behind-members')).toHaveText(/^\d+ of \d+$/);

    // Joined today, 0 days in the program: on the person's page.
    await row.getByRole('link', { name: 'Pace Checker' }).click();
    const activity = adminPage.getByTestId('person-activity');
    await expect(activity.locator('[data-figure="daysInProgram"]')).toHaveText('0');
    const joined = Date.parse((await activity.locator('[data-figure="joinedAt"] time').getAttribute('datetime'))!);
    expect(Date.now() - joined).toBeLessThan(10 * 60_000);
  });

  for (const width of [1280, 1440]) {
    test(`at ${width} px the table fits without clipping: no sideways scroll, badges whole`, async ({ browser }) => {
      const context = await browser.newContext({ storageState: STORAGE.admin, viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto('/team-progress');
      await waitForIslands(page);
      const region = page.getByRole('region', { name: 'Team progress table' });
      const { scrollWidth, clientWidth } = await region.evaluate((element) => ({
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      await expect(page.getByTestId('team-table-scrolls')).toHaveCount(0);
      const box = (await region.boundingBox())!;
      for (const badge of await page.locator('[data-figure="lastActive"] .badge').all()) {
        const badgeBox = (await badge.boundingBox())!;
        expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(box.x + box.width);
      }
      await context.close();
    });
  }

  test('at 390 px the table says it scrolls sideways', async ({ browser }) => {
    const context = await browser.newContext({ storageState: STORAGE.admin, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/team-progress');
    await waitForIslands(page);
    await expect(page.getByTestId('team-table-scrolls')).toHaveText(
      'The table is wider than the screen: scroll it sideways to see every column.',
    );
    await context.close();
  });
});

test('a not-found page sends no visit and settles (network idle)', async ({ userPage: page }) => {
  const visits: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === TRACK) visits.push(request.postData() ?? '');
  });
  for (const path of ['/no-such-page', '/quizzes/987654321', '/modules/999']) {
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    expect(response?.status(), path).toBe(404);
  }
  // A real page sends its visit once it has settled: wait for that request, not for the machine to be quick.
  const productVisit = page.waitForRequest((request) => new URL(request.url()).pathname === TRACK);
  await page.goto('/product');
  await productVisit;
  expect(visits.map((body) => (JSON.parse(body) as { pagePath: string }).pagePath)).toEqual(['/product']);
});

test.describe('a team larger than a page, with and without JavaScript', () => {
  // One worker signs up the members once for both runs.
  test.describe.configure({ mode: 'serial' });
  const word = `pager${randomUUID().slice(0, 6)}`;
  const MEMBERS = 26;
  const nameOf = (i: number) => `Pager ${word} ${String(i).padStart(2, '0')}`;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(240_000); // 26 registrations, each hashing a password; nothing here is timed
    const baseURL = test.info().project.use.baseURL!;
    const origin = new URL(baseURL).origin;
    for (let start = 0; start < MEMBERS; start += 4) {
      await Promise.all(
        Array.from({ length: Math.min(4, MEMBERS - start) }, async (_, offset) => {
          const context = await playwright.request.newContext({ baseURL });
          const i = start + offset;
          const response = await context.post('/api/register', {
            data: {
              username: `${word}-${String(i).padStart(2, '0')}@parcelwise.example`,
              password: 'correct-horse-battery',
              name: nameOf(i),
            },
            headers: { Origin: origin },
          });
          expect(response.status(), await response.text()).toBe(201);
          await context.dispose();
        }),
      );
    }
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`Find, pages, sorting, filters and the CSV of every page ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ storageState: STORAGE.admin, javaScriptEnabled, acceptDownloads: true });
      const page = await context.newPage();
      const names = () => page.locator('tbody tr[data-user-id] th a').allTextContents();
      const count = page.getByTestId('team-row-count');
      const pager = page.getByRole('navigation', { name: 'Team table pages' });
      await page.goto('/team-progress');
      await findMember(page, word);
      await expect(count).toHaveText(new RegExp(`^Showing ${MEMBERS} of \\d+ team members$`));
      expect(await names()).toEqual(Array.from({ length: 25 }, (_, i) => nameOf(i)));
      await expect(pager).toContainText('Page 1 of 2');
      await expect(pager.getByRole('link', { name: 'Previous page' })).toHaveCount(0);

      await pager.getByRole('link', { name: 'Next page' }).click();
      await expect(pager).toContainText('Page 2 of 2');
      expect(await names()).toEqual([nameOf(25)]);
      await expect(pager.getByRole('link', { name: 'Next page' })).toHaveCount(0);
      await expect(page.getByTestId('team-find')).toHaveValue(word);

      // Sorting starts again at the first page; names flip to Z–A.
      const nameHeader = page.getByRole('columnheader', { name: /Team member/ });
      await nameHeader.getByRole('link').click();
      await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
      await expect(pager).toContainText('Page 1 of 2');
      expect((await names()).slice(0, 2)).toEqual([nameOf(25), nameOf(24)]);

      // Every member here signed in when registering: all active, none inactive; the sort and Find stay.
      await applyFilter(page, 'Inactive');
      await expect(count).toHaveText(/^Showing 0 of \d+ team members$/);
      await expect(page.getByTestId('team-table').locator('tbody')).toHaveText('No team members match this filter.');
      await expect(pager).toHaveCount(0);
      await applyFilter(page, 'Active (last 7 days)');
      await expect(count).toHaveText(new RegExp(`^Showing ${MEMBERS} of \\d+ team members$`));
      await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
      expect((await names())[0]).toBe(nameOf(25));

      // The CSV holds every page of what is kept, in the table's order.
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Export CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('team-progress.csv');
      const [, ...lines] = parseCsv(await readFile((await download.path())!, 'utf8'));
      expect(lines.map((line) => line[0])).toEqual(Array.from({ length: MEMBERS }, (_, i) => nameOf(MEMBERS - 1 - i)));
      await context.close();
    });
  }
});
