// Buyer segments, segment detail, ideal customer profile and persona detail.
import type { Browser, Page } from '@playwright/test';
import { axe, expect, test } from './fixtures';
import { STORAGE } from './global-setup';

const SEGMENTS = [
  { id: 8, name: 'Building Owners' },
  { id: 9, name: 'Leasing Brokers' },
  { id: 10, name: 'Investment Sales Brokers' },
  { id: 11, name: 'Property Managers' },
];

const main = (page: Page) => page.locator('main');

async function noJsPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: STORAGE.user, javaScriptEnabled: false });
  return context.newPage();
}

test.describe('/buyer-segments', () => {
  test('shows the ecosystem diagram, one card per segment with View Details, and View ICP', async ({ userPage: page }) => {
    await page.goto('/buyer-segments');
    await expect(page.getByTestId('header-title')).toHaveText('Buyer Segments');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buyer Segments');
    const diagram = page.getByRole('figure', { name: /ecosystem/i });
    for (const label of ['Building Owners', 'Leasing Brokers', 'Investment Sales', 'Property Managers']) {
      await expect(diagram).toContainText(label);
    }
    const cards = page.getByTestId('segment-card');
    await expect(cards).toHaveCount(4);
    for (const [index, segment] of SEGMENTS.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading')).toHaveText(segment.name);
      const details = card.getByRole('link', { name: /View Details/ });
      await expect(details).toHaveText(/^\s*View Details/);
      await expect(details).toHaveAttribute('href', `/buyer-segments/${segment.id}`);
    }
    await expect(page.getByRole('link', { name: 'View ICP' })).toHaveAttribute('href', '/ideal-customer-profile');
    await expect(page.getByText('Error loading segments. Please try again later.')).toHaveCount(0);
    await cards
      .nth(1)
      .getByRole('link', { name: /View Details/ })
      .click();
    await expect(page).toHaveURL(/\/buyer-segments\/9$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leasing Brokers');
  });
});

test.describe('/buyer-segments/{id}', () => {
  test('shows the segment with its sections and external examples in a new tab', async ({ userPage: page }) => {
    await page.goto('/buyer-segments/10');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Investment Sales Brokers');
    await expect(page.getByRole('link', { name: /Back to Buyer Segments/ })).toHaveAttribute('href', '/buyer-segments');
    for (const heading of ['What They Care About', 'Talking Points', 'Examples', 'Buyer Personas']) {
      await expect(main(page).getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    const examples = page.getByTestId('segment-example');
    expect(await examples.count()).toBeGreaterThan(0);
    for (const link of await examples.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
  });

  test('Next Segment cycles 8 → 9 → 10 → 11 and wraps to 8', async ({ userPage: page }) => {
    await page.goto('/buyer-segments/8');
    for (const segment of [...SEGMENTS.slice(1), SEGMENTS[0]!]) {
      await page.getByRole('link', { name: /Next Segment/ }).click();
      await expect(page).toHaveURL(new RegExp(`/buyer-segments/${segment.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(segment.name);
    }
  });

  test('Champion is the default persona tab; Decision Maker by mouse and keyboard', async ({ userPage: page }) => {
    await page.goto('/buyer-segments/8');
    const champion = page.getByRole('tab', { name: 'Champion' });
    const decisionMaker = page.getByRole('tab', { name: 'Decision Maker' });
    await expect(champion).toHaveAttribute('aria-selected', 'true');
    const championPanel = page.getByRole('tabpanel', { name: 'Champion' });
    await expect(championPanel).toContainText('Age');
    await expect(championPanel).toContainText('30-45');
    for (const heading of ['Goals', "Why I Won't Buy", 'What I Care About']) {
      await expect(championPanel.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await decisionMaker.click();
    await expect(decisionMaker).toHaveAttribute('aria-selected', 'true');
    const decisionPanel = page.getByRole('tabpanel', { name: 'Decision Maker' });
    await expect(decisionPanel).toBeVisible();
    await expect(decisionPanel).toContainText('45-65');
    await expect(championPanel).toBeHidden();
    await expect(page).toHaveURL(/persona=decision-maker/);
    // Keyboard: arrows move between tabs (ARIA tabs pattern).
    await decisionMaker.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(champion).toBeFocused();
    await expect(champion).toHaveAttribute('aria-selected', 'true');
    await expect(championPanel).toBeVisible();
    await page.keyboard.press('End');
    await expect(decisionMaker).toHaveAttribute('aria-selected', 'true');
  });

  test('unknown and non-integer ids show the 404 page', async ({ userPage: page }) => {
    for (const id of ['99', 'abc', '-1']) {
      const response = await page.goto(`/buyer-segments/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText('404 Page Not Found')).toBeVisible();
    }
  });
});

test.describe('/ideal-customer-profile', () => {
  test('profile tab: tiers, target personas and keywords; Red Flags tab', async ({ userPage: page }) => {
    await page.goto('/ideal-customer-profile');
    await expect(page.getByTestId('header-title')).toHaveText('Ideal Customer Profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const profileTab = page.getByRole('tab', { name: 'Ideal Customer Profile' });
    await expect(profileTab).toHaveAttribute('aria-selected', 'true');
    await expect(profileTab).toHaveAttribute('data-tab-id', 'ideal-customer-profile');
    const table = page.getByTestId('tier-table');
    for (const text of [
      'Tier 1',
      'Tier 2',
      'Tier 3',
      'Focus here',
      'More than 75 properties',
      '11-75 properties',
      '1-10 properties',
      'Salesforce',
      'Investment Sales and Full-service',
      '3-6 months',
    ]) {
      await expect(table).toContainText(text);
    }
    await expect(main(page).getByRole('heading', { name: 'Target Personas' })).toBeVisible();
    await expect(page.getByTestId('target-personas-primary')).toContainText('Marketing leader');
    await expect(main(page).getByRole('heading', { name: 'Prospecting Keywords' })).toBeVisible();

    const redFlags = page.getByRole('tab', { name: 'Red Flags' });
    await expect(redFlags).toHaveAttribute('data-tab-id', 'negative-persona');
    await redFlags.click();
    await expect(page).toHaveURL(/tab=negative-persona/);
    await expect(page.getByTestId('sales-red-flags').getByRole('listitem')).toHaveCount(7);
    await expect(page.getByTestId('red-flag-review')).toContainText('3-12 months');
    const disqualification = page.getByTestId('disqualification');
    for (const text of [
      'No dedicated marketing staff',
      'Annual revenue under $2M',
      'Fewer than 5 employees',
      'No CRM or property-management software',
    ]) {
      await expect(disqualification).toContainText(text);
    }
    const fit = page.getByTestId('product-fit');
    for (const text of ['10 or fewer properties', 'class C/D', 'Technology resistors', 'Fully outsourced marketing']) {
      await expect(fit).toContainText(text);
    }
  });

  test('a target persona link lands on that persona', async ({ userPage: page }) => {
    await page.goto('/ideal-customer-profile');
    const link = page.getByTestId('target-personas-primary').getByRole('link').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/personas\/\d+$/);
    const name = (await link.innerText()).split(',')[0]!.trim();
    await Promise.all([page.waitForURL(new RegExp(`${href}$`), { timeout: 30_000 }), link.click()]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByTestId('header-title')).toHaveText('Persona Details');
  });
});

test.describe('/personas/{id}', () => {
  test('shows the header, four tabs and the bottom links', async ({ userPage: page }) => {
    await page.goto('/personas/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dana Whitfield');
    await expect(page.getByTestId('persona-title')).toHaveText('Vice President of Marketing, Meridian Ridge Realty Partners');
    await expect(page.getByTestId('persona-segment')).toContainText('Enterprise');
    await expect(page.getByTestId('persona-role')).toContainText('Decision Maker');
    await expect(page.getByRole('link', { name: /Back to Ideal Customer Profile/ })).toHaveAttribute('href', '/ideal-customer-profile');
    const tabs = ['Profile', 'Goals & Motivations', 'Pain Points', 'Engagement Strategy'];
    await expect(page.getByRole('tab')).toHaveText(tabs);
    const profile = page.getByRole('tabpanel', { name: 'Profile' });
    for (const heading of ['Background', 'Decision Factors', 'What They Care About', 'Role Type']) {
      await expect(profile.getByRole('heading', { name: heading })).toBeVisible();
    }
    await page.getByRole('tab', { name: 'Engagement Strategy' }).click();
    const engagement = page.getByRole('tabpanel', { name: 'Engagement Strategy' });
    for (const heading of ['Value Proposition', 'Best Timing', 'Engagement Tips']) {
      await expect(engagement.getByRole('heading', { name: heading })).toBeVisible();
    }
    await page.getByRole('tab', { name: 'Pain Points' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Pain Points' }).getByRole('listitem').first()).toBeVisible();
    const related = page.getByRole('navigation', { name: 'Related pages' });
    await expect(related.getByRole('link', { name: /Ideal Customer Profile/ })).toHaveAttribute('href', '/ideal-customer-profile');
    await expect(related.getByRole('link', { name: /Resources/ })).toHaveAttribute('href', '/resources');
  });

  test('a persona with no care-about list shows Information not available', async ({ userPage: page }) => {
    await page.goto('/personas/10');
    await expect(page.getByRole('tabpanel', { name: 'Profile' })).toContainText('Information not available');
  });

  test('the mid-market timing quotes the 3-6 month sales cycle', async ({ userPage: page }) => {
    await page.goto('/personas/2?tab=engagement');
    await expect(page.getByRole('tabpanel', { name: 'Engagement Strategy' })).toContainText('3-6 months');
  });

  test('unknown and non-integer ids show the 404 page', async ({ userPage: page }) => {
    for (const id of ['999', 'dana', '1.5']) {
      const response = await page.goto(`/personas/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText('404 Page Not Found')).toBeVisible();
    }
  });
});

test.describe('without JavaScript', () => {
  test('every buyers page is readable and its tabs work as links', async ({ browser }) => {
    const page = await noJsPage(browser);
    await page.goto('/buyer-segments');
    await expect(page.getByTestId('segment-card')).toHaveCount(4);

    await page.goto('/buyer-segments/11');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property Managers');
    await page.getByRole('tab', { name: 'Decision Maker' }).click();
    await expect(page).toHaveURL(/persona=decision-maker/);
    await expect(page.getByRole('tabpanel', { name: 'Decision Maker' })).toContainText('45-65');
    await page.getByRole('link', { name: /Next Segment/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Building Owners');

    await page.goto('/ideal-customer-profile');
    await page.getByRole('tab', { name: 'Red Flags' }).click();
    await expect(page.getByTestId('sales-red-flags').getByRole('listitem')).toHaveCount(7);

    await page.goto('/personas/4');
    await page.getByRole('tab', { name: 'Goals & Motivations' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Goals & Motivations' }).getByRole('listitem').first()).toBeVisible();
    await page.context().close();
  });
});

test.describe('accessibility', () => {
  const VIEWS = [
    '/buyer-segments',
    '/buyer-segments/9',
    '/ideal-customer-profile',
    '/ideal-customer-profile?tab=negative-persona',
    '/personas/2',
    '/personas/2?tab=engagement',
  ];
  for (const path of VIEWS) {
    test(`${path}: one h1 and no WCAG 2 A/AA violations in the main area`, async ({ userPage: page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
      // The tab strip belongs to the shared src/components/Tabs.astro; everything this feature renders is checked.
      const results = await axe(page).include('main').exclude('[role="tablist"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      const violations = results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
      expect(violations, path).toEqual([]);
    });
  }
});

test.describe('/personas', () => {
  test('lists every persona by buyer segment and buying role, each linked to its page', async ({ userPage: page }) => {
    await page.goto('/personas');
    await expect(page.getByTestId('header-title')).toHaveText('Personas');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personas');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Personas', exact: true })).toHaveAttribute('aria-current', 'page');
    const matrix = page.getByRole('table', { name: 'Personas by buyer segment and buying role' });
    await expect(matrix.getByRole('columnheader')).toHaveText(['Buyer segment', 'Decision Maker', 'Influencer', 'User', 'Champion']);
    await expect(matrix.getByRole('rowheader')).toHaveText(SEGMENTS.map((segment) => segment.name));
    // Nathan Greer is the champion at a leasing brokerage (segment 9).
    const leasing = matrix.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Leasing Brokers' }) });
    await expect(leasing.getByRole('cell').nth(3)).toContainText('Nathan Greer');
    const cards = page.getByTestId('persona-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(8);
    const nathan = cards.filter({ hasText: 'Nathan Greer' });
    await expect(nathan).toContainText('Marketing Manager, Castlegate Commercial');
    await expect(nathan).toContainText('Mid-Market');
    await expect(nathan).toContainText('Champion');
    await nathan.getByRole('link', { name: 'Nathan Greer' }).click();
    await expect(page).toHaveURL(/\/personas\/2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nathan Greer');
    await expect(nav.getByRole('link', { name: 'Personas', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: 'All Personas' }).click();
    await expect(page).toHaveURL(/\/personas$/);
  });

  test('works without JavaScript', async ({ browser }) => {
    const page = await noJsPage(browser);
    await page.goto('/personas');
    await expect(main(page).getByRole('link', { name: 'Nathan Greer' }).first()).toBeVisible();
    await page.context().close();
  });
});
