// /product and /resources: the documented texts, tabs by mouse and keyboard, resource cards, the
// customer-examples matrix, the Sales Resources category filter, and both pages without JavaScript.
import { expect, test } from './fixtures';
import { STORAGE } from './global-setup';

const FEATURES = [
  'Property Search Engine',
  'Property Websites',
  'Lead Management',
  'Document Portal',
  'Real Estate Email Marketing',
  'Flyer Design',
];
const GROUPS = ['CRM Systems', 'Property Management', 'CRE Marketplaces', 'Marketing Tools', 'Visual Tools'];
const SEGMENTS = ['Full-Service Brokerage', 'Investment Sales', 'Leasing', 'Building Owner', 'Property Manager'];
const ADDED_ON = /^Added on [A-Z][a-z]+ \d{1,2}, \d{4}$/;
/** Filter and no-JS tab links load a new page: allow for a slow dev server. */
const NAV = { timeout: 30_000 };

test.describe.configure({ timeout: 120_000 });

test.describe('/product', () => {
  test('shows the six features with capabilities, impact and the position texts', async ({ userPage: page }) => {
    await page.goto('/product');
    await expect(page.getByTestId('header-title')).toHaveText('Product Features & Integrations');
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('tab', { name: 'Features' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Features' });
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText(FEATURES);
    await expect(panel.getByRole('heading', { name: 'Key capabilities' })).toHaveCount(6);
    await expect(panel.getByRole('heading', { name: 'Business impact' })).toHaveCount(6);
    await expect(panel.getByRole('heading', { name: 'Why it matters' })).toHaveCount(6);
    await expect(panel.getByRole('heading', { name: 'How we help' })).toHaveCount(6);
    // Position rule: first, second, then the same 'other' text for every later feature.
    const why = await panel.getByTestId('why-it-matters').allTextContents();
    expect(new Set(why).size).toBe(3);
    expect(why[0]).not.toBe(why[1]);
    expect(new Set(why.slice(2)).size).toBe(1);
  });

  test('switches to Integrations by mouse and back by keyboard', async ({ userPage: page }) => {
    await page.goto('/product');
    await page.getByRole('tab', { name: 'Integrations' }).click();
    await expect(page).toHaveURL(/[?&]tab=integrations/, NAV);
    const panel = page.getByRole('tabpanel', { name: 'Integrations' });
    await expect(panel).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Features' })).toBeHidden();
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText(GROUPS);
    await expect(panel.getByTestId('integration')).toHaveCount(20);
    await expect(panel.getByTestId('integration-status').filter({ hasText: 'Active' })).toHaveCount(20);
    for (const name of ['Salesforce', 'HubSpot', 'Yardi Voyager', 'LoopNet', 'Crexi', 'CoStar', 'Canva', 'Matterport']) {
      await expect(panel.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    const marketplaces = panel.locator('[data-group="cre-marketplaces"]').getByTestId('integration');
    await expect(marketplaces).toHaveCount(12);

    await page.getByRole('tab', { name: 'Integrations' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Features' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Features' })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Features' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('/resources', () => {
  test('shows the count, the customer-examples matrix and its resource cards', async ({ userPage: page }) => {
    await page.goto('/resources');
    await expect(page.getByTestId('header-title')).toHaveText('Resources');
    await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
    await expect(page.getByText('6 resources available', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Live Customer Examples' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Live Customer Examples' });
    const rows = panel.getByTestId('customer-example-row');
    await expect(rows.locator('th span:first-child')).toHaveText(SEGMENTS);
    const tags = panel.getByText('Single Property', { exact: true });
    expect(await tags.count()).toBeGreaterThan(0);
    await expect(tags.first()).toBeVisible();
    const siteLinks = panel.getByTestId('customer-examples-matrix').getByRole('link');
    expect(await siteLinks.count()).toBeGreaterThanOrEqual(SEGMENTS.length);
    for (const link of await siteLinks.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    await expect(panel.getByTestId('resource-card')).toHaveCount(3);
  });

  test('resource cards show type, category, Added on date and a View Resource link in a new window, or say they are internal', async ({
    userPage: page,
  }) => {
    await page.goto('/resources?tab=sales-resources');
    const panel = page.getByRole('tabpanel', { name: 'Sales Resources' });
    await expect(panel).toBeVisible();
    const cards = panel.getByTestId('resource-card');
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) {
      await expect(card.getByTestId('resource-type-icon').locator('svg')).toBeVisible();
      await expect(card.getByTestId('resource-type')).toHaveText(/^(Article|Video|Template|Guide|Case Study|PDF|Sales Tool)$/);
      await expect(card.getByTestId('resource-category')).toContainText(/Sales Resources/);
      await expect(card.getByRole('heading', { level: 3 })).not.toBeEmpty();
      await expect(card.getByText(/^Added on /)).toHaveText(ADDED_ON);
      // A resource published at no address (a PDF kept by Marketing) says how to get it instead of linking.
      if ((await card.getByTestId('resource-internal').count()) > 0) {
        await expect(card.getByRole('link', { name: /^View Resource/ })).toHaveCount(0);
        continue;
      }
      const view = card.getByRole('link', { name: /^View Resource/ });
      await expect(view).toHaveAttribute('target', '_blank');
      await expect(view).toHaveAttribute('rel', /\bnoopener\b/);
      await expect(view).toHaveAttribute('href', /^https:\/\//);
    }
    await expect(panel.getByText('Added on January 15, 2026')).toBeVisible();
  });

  test('switches tabs by mouse and keyboard', async ({ userPage: page }) => {
    await page.goto('/resources');
    await page.getByRole('tab', { name: 'Sales Resources' }).click();
    await expect(page).toHaveURL(/[?&]tab=sales-resources/, NAV);
    await expect(page.getByRole('tabpanel', { name: 'Sales Resources' })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Live Customer Examples' })).toBeHidden();

    await page.getByRole('tab', { name: 'Sales Resources' }).focus();
    await page.keyboard.press('ArrowRight'); // wraps to the first tab
    await expect(page.getByRole('tab', { name: 'Live Customer Examples' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Live Customer Examples' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Sales Resources' })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Sales Resources' })).toBeVisible();
  });

  test('filters sales resources by category with links (mouse and keyboard)', async ({ userPage: page }) => {
    await page.goto('/resources?tab=sales-resources');
    const filter = page.getByRole('navigation', { name: 'Filter sales resources by category' });
    const panel = page.getByRole('tabpanel', { name: 'Sales Resources' });
    await expect(filter.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'true');

    await filter.getByRole('link', { name: /^PDF Collateral/ }).click();
    await expect(page).toHaveURL(/category=pdf-collateral/, NAV);
    await expect(page.getByRole('tabpanel', { name: 'Sales Resources' })).toBeVisible();
    await expect(filter.getByRole('link', { name: /^PDF Collateral/ })).toHaveAttribute('aria-current', 'true');
    await expect(panel.getByTestId('resource-card')).toHaveCount(2);
    for (const category of await panel.getByTestId('resource-category').allTextContents()) expect(category).toContain('PDF Collateral');

    await page.waitForLoadState('load');
    // Keyboard: focus the link and activate it with Enter (locator.press focuses first).
    await filter.getByRole('link', { name: /^Industry Links/ }).press('Enter');
    await expect(page).toHaveURL(/category=industry-links/, NAV);
    await expect(panel.getByTestId('resource-card')).toHaveCount(1);
    await expect(panel.getByTestId('resource-category')).toContainText('Industry Links');

    await filter.getByRole('link', { name: /^All/ }).click();
    await expect(page).not.toHaveURL(/category=/, NAV);
    await expect(panel.getByTestId('resource-card')).toHaveCount(3);
  });
});

test('both pages are readable and usable with JavaScript disabled', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: STORAGE.user });
  const page = await context.newPage();
  try {
    await page.goto('/product');
    await expect(page.getByRole('heading', { level: 2, name: 'Property Search Engine' })).toBeVisible();
    await page.getByRole('tab', { name: 'Integrations' }).click();
    await expect(page).toHaveURL(/tab=integrations/, NAV);
    await expect(page.getByRole('heading', { level: 2, name: 'CRE Marketplaces' })).toBeVisible();
    await expect(page.getByTestId('integration-status').filter({ hasText: 'Active' })).toHaveCount(20);

    await page.goto('/resources');
    await expect(page.getByText('6 resources available', { exact: true })).toBeVisible();
    await expect(page.getByText('Single Property', { exact: true }).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Sales Resources' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Sales Resources' })).toBeVisible();
    await page.getByRole('link', { name: /^Industry Links/ }).click();
    await expect(page).toHaveURL(/tab=sales-resources.*category=industry-links|category=industry-links.*tab=sales-resources/, NAV);
    const cards = page.getByRole('tabpanel', { name: 'Sales Resources' }).getByTestId('resource-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.getByText(ADDED_ON)).toBeVisible();
    await expect(cards.getByRole('link', { name: /^View Resource/ })).toHaveAttribute('target', '_blank');
  } finally {
    await context.close();
  }
});
