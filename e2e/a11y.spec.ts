// Accessibility: axe on every route, signed in, in the light theme at a desktop width, then in the dark theme
// and at a phone width on the same loaded page. No serious or critical violation (WCAG 2.2 AA rule set), and
// nothing blocked by the CSP. The dark theme changes colours only, so it is checked for colour contrast; the
// phone width changes the layout (the drawer, wrapped controls), so it gets the whole rule set again.
import type AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { axe, expect, test, waitForIslands } from './fixtures';
import { SIGNED_IN_PAGES } from '~tools/route-examples';

const ROUTES = [...SIGNED_IN_PAGES.map((page) => page.path), '/sales-kit/objections?persona=2&category=price', '/no-such-page'];
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Once a change of colour scheme or width has finished animating (daisyUI eases colours and the drawer). */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));

async function seriousViolations(page: Page, variant: string, builder: (builder: AxeBuilder) => AxeBuilder): Promise<string[]> {
  const results = await builder(axe(page)).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${variant} ${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

test.describe('signed in', () => {
  test.use({ storageState: 'test-results/.auth/admin.json', colorScheme: 'light', viewport: { width: 1280, height: 800 } });
  for (const route of ROUTES) {
    test(`${route}: no serious axe violations in light, dark and at 390 px, nothing blocked by the CSP`, async ({ page }) => {
      // Three axe passes over a long page (Content health) outlast the default timeout when the suites share two cores.
      test.slow();
      const blocked: string[] = [];
      // The CSP allows no inline script or style: anything it blocks is a bug on that page too.
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) blocked.push(`CSP blocked: ${message.text().slice(0, 160)}`);
      });
      await page.goto(route);
      await waitForIslands(page);
      const violations = await seriousViolations(page, 'light', (builder) => builder.withTags(WCAG));
      await page.emulateMedia({ colorScheme: 'dark' });
      await settled(page);
      violations.push(...(await seriousViolations(page, 'dark', (builder) => builder.withRules(['color-contrast', 'link-in-text-block']))));
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 390, height: 844 });
      await settled(page);
      violations.push(...(await seriousViolations(page, 'phone', (builder) => builder.withTags(WCAG))));
      expect([...violations, ...blocked]).toEqual([]);
    });
  }
});

test('the sign-in page has no serious axe violations', async ({ page }) => {
  await page.goto('/auth');
  await waitForIslands(page);
  expect(await seriousViolations(page, 'light', (builder) => builder.withTags(WCAG))).toEqual([]);
});
