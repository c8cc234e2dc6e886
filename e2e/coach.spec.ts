// Sales Situations Coach (docs/product.md "Sales Situations Coach (/sales-situations)"): client-only, eight situations, first play
// selected.
import { STORAGE } from './global-setup';
import { expect, test, waitForIslands } from './fixtures';
import type { Page } from '@playwright/test';

const SITUATIONS = [
  'Re-qualifying',
  'Multi-threading',
  'Access to Decision Maker',
  'Addressing Concerns (Late Stage)',
  'Early Pricing Conversation',
  'Budget Pushback',
  'Testing the Champion',
  'Business Impact Discovery',
];

async function openCoach(page: Page) {
  await page.goto('/sales-situations');
  await waitForIslands(page);
}

const coach = (page: Page) => page.getByTestId('sales-coach');
const result = (page: Page) => page.getByTestId('coach-result');
const request = (page: Page) => page.getByLabel('Your sales situation');
const getCoaching = (page: Page) => page.getByRole('button', { name: 'Get Expert Coaching' });
const playButtons = (page: Page) => result(page).getByRole('group', { name: 'Choose a play' }).getByRole('button');

test('shows the title and all eight situations, no result yet', async ({ userPage: page }) => {
  await openCoach(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sales Situations Coach');
  await expect(page.locator('h1')).toHaveCount(1);
  const buttons = coach(page).getByRole('list').first().getByRole('button');
  await expect(buttons).toHaveText(SITUATIONS.map((name) => new RegExp(`${name.replace(/[()]/g, '\\$&')}$`)));
  await expect(result(page)).toHaveCount(0);
});

test("a typed 'budget' request lands on Budget Pushback with its first play selected, and says why", async ({ userPage: page }) => {
  await openCoach(page);
  await request(page).fill('budget');
  await getCoaching(page).click();
  await expect(result(page).getByRole('heading', { level: 2 })).toContainText('Budget Pushback');
  await expect(page.getByTestId('coach-why')).toContainText('budget');
  await expect(playButtons(page).first()).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('coach-play')).toContainText('I appreciate you being direct about budget');
  await expect(page.getByTestId('coach-status')).toHaveText(/Coaching for Budget Pushback/);
  // The typed request stays in the box.
  await expect(request(page)).toHaveValue('budget');
});

test('Enter in the request box gets coaching too; an unmatched request falls back', async ({ userPage: page }) => {
  await openCoach(page);
  await request(page).fill('They have a problem with listings going live late');
  await request(page).press('Enter');
  await expect(result(page).getByRole('heading', { level: 2 })).toContainText('Business Impact Discovery');
  await expect(page.getByTestId('coach-why')).toContainText('No keyword matched');
});

test('switching plays shows the chosen play; play buttons show at most 80 characters', async ({ userPage: page }) => {
  await openCoach(page);
  await coach(page).getByRole('button', { name: 'Budget Pushback' }).click();
  const plays = playButtons(page);
  await expect(plays).toHaveCount(4);
  await expect(plays.nth(0)).toHaveAttribute('aria-pressed', 'true');
  const first = await page.getByTestId('coach-play').locator('blockquote').textContent();

  await plays.nth(1).click();
  await expect(plays.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(plays.nth(0)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('coach-play').locator('blockquote')).not.toHaveText(first ?? '');
  await expect(page.getByTestId('coach-play')).toContainText("Let's put the numbers side by side");

  const label = (await plays.nth(1).textContent()) ?? '';
  const preview = label.replace(/^Play 2:\s*/, '');
  expect(preview.endsWith('…')).toBe(true);
  expect(Array.from(preview.slice(0, -1))).toHaveLength(80);

  // Keyboard: Tab to the third play and press Space.
  await plays.nth(1).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(plays.nth(2)).toHaveAttribute('aria-pressed', 'true');
});

test('Start Over hides the result', async ({ userPage: page }) => {
  await openCoach(page);
  await coach(page).getByRole('button', { name: 'Testing the Champion' }).click();
  await expect(result(page)).toBeVisible();
  await page.getByRole('button', { name: 'Start Over' }).click();
  await expect(result(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Choose a situation' })).toBeFocused();
});

test('Get Expert Coaching is disabled and does nothing for blank or whitespace-only text', async ({ userPage: page }) => {
  await openCoach(page);
  await expect(getCoaching(page)).toBeDisabled();
  await request(page).fill('   \n\t ');
  await expect(getCoaching(page)).toBeDisabled();
  await request(page).press('Enter');
  await expect(result(page)).toHaveCount(0);
  await request(page).fill('budget');
  await expect(getCoaching(page)).toBeEnabled();
  await request(page).fill('');
  await expect(getCoaching(page)).toBeDisabled();
});

test('choosing a situation clears the text request', async ({ userPage: page }) => {
  await openCoach(page);
  await request(page).fill('the contract is stuck in legal');
  await coach(page).getByRole('button', { name: 'Multi-threading' }).click();
  await expect(request(page)).toHaveValue('');
  await expect(result(page).getByRole('heading', { level: 2 })).toContainText('Multi-threading');
  await expect(page.getByTestId('coach-why')).toHaveText('You chose this situation.');
  await expect(coach(page).getByRole('button', { name: 'Multi-threading' })).toHaveAttribute('aria-pressed', 'true');
});

test('the coach makes no call to /api', async ({ userPage: page }) => {
  await page.goto('/sales-situations');
  await waitForIslands(page);
  // Only the coach's own interactions count: start listening after the page (and its layout) loaded.
  const apiCalls: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/api/') && path !== '/api/track-visit') apiCalls.push(`${req.method()} ${path}`);
  });
  await request(page).fill('The prospect says we are too expensive');
  await getCoaching(page).click();
  await expect(result(page)).toBeVisible();
  await playButtons(page).nth(1).click();
  await coach(page).getByRole('button', { name: 'Access to Decision Maker' }).click();
  await page.getByRole('button', { name: 'Start Over' }).click();
  await expect(result(page)).toHaveCount(0);
  expect(apiCalls).toEqual([]);
});

test('with JavaScript off every situation and all its plays are readable', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: STORAGE.user });
  try {
    const page = await context.newPage();
    await page.goto('/sales-situations');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sales Situations Coach');
    const list = page.getByTestId('coach-static');
    await expect(list).toBeVisible();
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(
      SITUATIONS.map((name) => new RegExp(`${name.replace(/[()]/g, '\\$&')}$`)),
    );
    // Every play of a situation is there, e.g. all four of Budget Pushback.
    const budget = list.locator('section', { has: page.getByRole('heading', { name: 'Budget Pushback' }) });
    await expect(budget.getByRole('heading', { level: 3 })).toHaveText(['Play 1', 'Play 2', 'Play 3', 'Play 4']);
    await expect(budget).toContainText('I appreciate you being direct about budget');
    await expect(budget).toContainText('Coach’s tip:');
    // The inert interactive controls are hidden.
    await expect(page.getByRole('button', { name: 'Get Expert Coaching' })).toBeHidden();
  } finally {
    await context.close();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the status-quo objection lands on Addressing Concerns with its integration play showing placeholders', async ({
    userPage: page,
  }) => {
    await openCoach(page);
    await request(page).fill("The prospect says they already use Yardi and don't need another tool");
    await getCoaching(page).click();
    await expect(result(page).getByRole('heading', { level: 2 })).toContainText('Addressing Concerns (Late Stage)');
    await expect(page.getByTestId('coach-why')).toContainText('Matched your request on');
    await expect(page.getByTestId('coach-other-situations')).toHaveCount(0);
    await playButtons(page).nth(1).click();
    await expect(page.getByTestId('coach-play').locator('blockquote')).toContainText('You already use');
    await expect(page.getByTestId('play-placeholder').first()).toHaveText('[their system: Yardi, Salesforce, HubSpot]');
    await expect(page.getByTestId('coach-play')).toContainText('Fill in the parts in [brackets] from what you know of this deal.');
  });

  test('"we already have a website vendor" lands on Business Impact Discovery by its keywords', async ({ userPage: page }) => {
    await openCoach(page);
    await request(page).fill('we already have a website vendor');
    await getCoaching(page).click();
    await expect(result(page).getByRole('heading', { level: 2 })).toContainText('Business Impact Discovery');
    await expect(page.getByTestId('coach-why')).toContainText('Matched your request on');
  });

  test('where no keyword matched, the situation list is offered in the result and one tap switches', async ({ userPage: page }) => {
    await openCoach(page);
    await request(page).fill('The call went sideways yesterday');
    await getCoaching(page).click();
    await expect(page.getByTestId('coach-why')).toHaveText('No keyword matched, so start with Re-qualifying.');
    const offered = page.getByRole('navigation', { name: 'Not the right situation? Choose yours:' });
    await expect(offered).toBeInViewport();
    await expect(offered.getByRole('button')).toHaveText(
      SITUATIONS.filter((name) => name !== 'Re-qualifying').map((name) => new RegExp(`${name.replace(/[()]/g, '\\$&')}$`)),
    );
    await offered.getByRole('button', { name: 'Testing the Champion' }).click();
    const heading = result(page).getByRole('heading', { level: 2 });
    await expect(heading).toContainText('Testing the Champion');
    await expect(heading).toBeFocused();
    await expect(page.getByTestId('coach-other-situations')).toHaveCount(0);
  });
});
