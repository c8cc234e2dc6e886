// Company Overview and Industry Knowledge (history as a fifth tab 'Our Journey': docs/decisions.md "Routes added or mended").
// Spec texts are asserted verbatim. Tabs are server-rendered links enhanced by src/page-scripts/tabs.ts, so
// they are checked by mouse, by keyboard, through the URL, and with JavaScript disabled.
import type { Locator, Page } from '@playwright/test';
import { STORAGE } from './global-setup';
import { axe, expect, test } from './fixtures';

const VALUE_PROPS = ['ACCELERATE', 'ELEVATE', 'TARGET', 'INTEGRATE'];
const CORE_VALUES = ['Built on Transparency', 'Set the Bar Higher', 'Driven by Impact', 'Prioritize Well-Being'];

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page, name: string) => page.getByRole('tabpanel', { name, exact: true });

test.describe('Company Overview', () => {
  test('shows the header, the elevator pitch and the value propositions by default', async ({ userPage: page }) => {
    await page.goto('/company-overview');
    await expect(page.getByTestId('header-title')).toHaveText('Company Overview');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Parcelwise');
    await expect(page.getByTestId('company-summary')).toContainText('all-in-one marketing platform');
    await expect(page.getByTestId('elevator-pitch')).toBeVisible();
    await expect(page.getByText('Founded 2015')).toBeVisible();
    await expect(page.getByText('17 team members')).toBeVisible();

    await expect(page.getByRole('tab')).toHaveText(['Value Propositions', 'Differentiators', 'Core Values', 'Our Team', 'Our Journey']);
    await expect(tab(page, 'Value Propositions')).toHaveAttribute('aria-selected', 'true');
    const valueProps = panel(page, 'Value Propositions');
    await expect(valueProps.getByRole('heading', { level: 3 })).toHaveText(VALUE_PROPS);
    await expect(valueProps.getByTestId('value-prop-card')).toHaveCount(4);
  });

  test('switches tabs by mouse and keeps the tab in the URL', async ({ userPage: page }) => {
    await page.goto('/company-overview');
    await tab(page, 'Core Values').click();
    await expect(tab(page, 'Core Values')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Value Propositions')).toHaveAttribute('aria-selected', 'false');
    await expect(page).toHaveURL(/[?&]tab=coreValues\b/);
    await expect(panel(page, 'Core Values').getByRole('heading', { level: 3 })).toHaveText(CORE_VALUES);
    await expect(panel(page, 'Value Propositions')).toBeHidden();

    await tab(page, 'Differentiators').click();
    await expect(page).toHaveURL(/[?&]tab=differentiators\b/);
    const table = panel(page, 'Differentiators').getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Parcelwise' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Generic marketing automation' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'CRE listing marketplaces' })).toBeVisible();

    await tab(page, 'Our Journey').click();
    const journey = panel(page, 'Our Journey');
    await expect(journey.getByRole('heading', { name: 'Our Journey', level: 2 })).toBeVisible();
    await expect(journey.getByTestId('history-entry').first()).toContainText('2015');
    await expect(journey.getByTestId('history-entry').last()).toContainText('2026');
  });

  test('is keyboard operable: ArrowRight moves and selects, Home/End jump, ArrowLeft wraps', async ({ userPage: page }) => {
    await page.goto('/company-overview');
    await tab(page, 'Value Propositions').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Differentiators')).toBeFocused();
    await expect(tab(page, 'Differentiators')).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page, 'Differentiators')).toBeVisible();
    await expect(page).toHaveURL(/[?&]tab=differentiators\b/);

    await page.keyboard.press('End');
    await expect(tab(page, 'Our Journey')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(tab(page, 'Value Propositions')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, 'Our Journey')).toBeFocused();
    await expect(tab(page, 'Our Journey')).toHaveAttribute('aria-selected', 'true');
  });

  test('?tab=team opens the team: 17 cards and the languages banner', async ({ userPage: page }) => {
    await page.goto('/company-overview?tab=team');
    await expect(tab(page, 'Our Team')).toHaveAttribute('aria-selected', 'true');
    const team = panel(page, 'Our Team');
    const cards = team.getByTestId('team-member-card');
    await expect(cards).toHaveCount(17);
    const first = cards.first();
    await expect(first.getByRole('heading', { level: 3 })).toHaveText('Maya Chen');
    await expect(first).toContainText('Co-founder & Chief Executive Officer');
    await expect(first).toContainText('MC'); // initials fallback: no avatar picture
    for (const card of await cards.all()) {
      await expect(card.getByRole('heading', { level: 3 })).not.toBeEmpty();
      await expect(card.locator('p').first()).not.toBeEmpty();
    }
    const banner = team.getByTestId('languages-banner');
    await expect(banner.getByRole('heading', { name: 'Did you know?' })).toBeVisible();
    await expect(banner).toContainText('10 languages');
  });
});

test.describe('Industry Knowledge', () => {
  test('opens on the industry overview with market, segments, stakeholders, leases, trends and challenges', async ({ userPage: page }) => {
    await page.goto('/industry-knowledge');
    await expect(page.getByTestId('header-title')).toHaveText('Industry Knowledge');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('tab')).toHaveText(['Industry Overview', 'Competitive Landscape', 'Terms & Acronyms']);
    await expect(tab(page, 'Industry Overview')).toHaveAttribute('aria-selected', 'true');
    const overview = panel(page, 'Industry Overview');
    for (const heading of ['Market size', 'Market structure', 'Property segments', 'Stakeholders', 'Lease types', 'Trends', 'Challenges']) {
      await expect(overview.getByRole('heading', { name: heading, level: 2, exact: true })).toBeVisible();
    }
    for (const segment of ['Office', 'Industrial', 'Retail', 'Multifamily']) {
      await expect(overview.getByRole('heading', { name: segment, level: 3, exact: true })).toBeVisible();
    }
    for (const lease of ['Triple net (NNN)', 'Modified gross (MG)', 'Absolute net', 'Ground lease', 'Percentage lease']) {
      await expect(overview.getByRole('heading', { name: lease, level: 3 })).toBeVisible();
    }
  });

  // Sections below the first screen are drawn only near the viewport (render-when-visible): a jump to one
  // must still land on its heading, below the sticky header, at phone and desktop widths, by link or on arrival.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`jumps to a section land on it at ${viewport.width}px`, async ({ userPage: page }) => {
      await page.setViewportSize(viewport);
      const landsOn = async (heading: Locator) => {
        const headerHeight = (await page.locator('header.sticky').boundingBox())!.height;
        await expect(heading).toBeInViewport();
        await expect.poll(async () => (await heading.boundingBox())!.y, 'below the sticky header').toBeGreaterThanOrEqual(headerHeight);
      };
      await page.goto('/industry-knowledge');
      const overview = panel(page, 'Industry Overview');
      const jumps: Array<[link: string, heading: string]> = [
        ['Challenges', 'Challenges'],
        ['Segments', 'Property segments'],
        ['Lease types', 'Lease types'],
        ['Stakeholders', 'Stakeholders'],
      ];
      for (const [link, heading] of jumps) {
        await page.getByRole('navigation', { name: 'On this tab' }).getByRole('link', { name: link, exact: true }).click();
        await landsOn(overview.getByRole('heading', { name: heading, level: 2, exact: true }));
      }

      await page.goto('/industry-knowledge#trends');
      await landsOn(overview.getByRole('heading', { name: 'Trends', level: 2, exact: true }));
      await page.goto('/industry-knowledge?tab=terms-acronyms#glossary-t');
      const terms = panel(page, 'Terms & Acronyms');
      await landsOn(terms.getByRole('heading', { name: 'T', level: 3, exact: true }));
      await terms.getByRole('navigation', { name: 'Glossary initials' }).getByRole('link', { name: 'C', exact: true }).click();
      await landsOn(terms.getByRole('heading', { name: 'C', level: 3, exact: true }));
    });
  }

  test('competitive landscape shows six competitor cards; keyboard moves on to the terms', async ({ userPage: page }) => {
    await page.goto('/industry-knowledge');
    await tab(page, 'Competitive Landscape').click();
    await expect(page).toHaveURL(/[?&]tab=competitive-landscape\b/);
    const cards = panel(page, 'Competitive Landscape').getByTestId('competitor-card');
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all()) {
      for (const heading of ['Strengths', 'Weaknesses', 'How we win']) {
        await expect(card.getByRole('heading', { name: heading, level: 4 })).toBeVisible();
      }
    }

    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Terms & Acronyms')).toBeFocused();
    await expect(tab(page, 'Terms & Acronyms')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/[?&]tab=terms-acronyms\b/);
    const terms = panel(page, 'Terms & Acronyms');
    expect(await terms.getByTestId('abbreviation-row').count()).toBeGreaterThanOrEqual(25);
    expect(await terms.getByTestId('glossary-term').count()).toBeGreaterThanOrEqual(50);
    await expect(terms.getByRole('rowheader', { name: 'NNN', exact: true })).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test('both pages are readable and their tabs work as links', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: STORAGE.user });
    const page = await context.newPage();
    try {
      await page.goto('/company-overview');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Parcelwise');
      await expect(panel(page, 'Value Propositions').getByRole('heading', { level: 3 })).toHaveText(VALUE_PROPS);
      await tab(page, 'Our Team').click();
      await expect(page).toHaveURL(/[?&]tab=team\b/);
      await expect(panel(page, 'Our Team').getByTestId('team-member-card')).toHaveCount(17);
      await expect(page.getByTestId('languages-banner')).toContainText('Did you know?');
      await expect(page.getByTestId('languages-banner')).toContainText('10 languages');

      await page.goto('/industry-knowledge?tab=competitive-landscape');
      await expect(panel(page, 'Competitive Landscape').getByTestId('competitor-card')).toHaveCount(6);
      await tab(page, 'Terms & Acronyms').click();
      await expect(page).toHaveURL(/[?&]tab=terms-acronyms\b/);
      await expect(panel(page, 'Terms & Acronyms').getByRole('heading', { name: 'Glossary', level: 2 })).toBeVisible();

      // No script to fix jumps, so no lazily drawn sections either: a jump lands on its section.
      await page.goto('/industry-knowledge#challenges');
      await expect(page.locator('#lease-types')).toHaveCSS('content-visibility', 'visible');
      await expect(page.getByRole('heading', { name: 'Challenges', level: 2, exact: true })).toBeInViewport();
    } finally {
      await context.close();
    }
  });
});

test.describe('accessibility', () => {
  const VIEWS = [
    ...['valueProps', 'differentiators', 'coreValues', 'team', 'history'].map((id) => `/company-overview?tab=${id}`),
    ...['industry-overview', 'competitive-landscape', 'terms-acronyms'].map((id) => `/industry-knowledge?tab=${id}`),
  ];
  for (const path of VIEWS) {
    test(`${path}: one h1 and no WCAG 2 A/AA violations in the main area`, async ({ userPage: page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
      // The tab strip is the shared src/components/Tabs.astro (checked by its owner); the rest is ours.
      const results = await axe(page).include('main').exclude('[role="tablist"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      const violations = results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
      expect(violations, path).toEqual([]);
    });
  }
});
