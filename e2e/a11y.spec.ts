// Accessibility: axe on every route, signed in, in light and dark themes and at a phone
// width. No serious or critical violation (WCAG 2.2 AA rule set), and nothing blocked by the CSP.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, waitForIslands } from './fixtures';
import { SIGNED_IN_PAGES } from '~tools/route-examples';

const ROUTES = [...SIGNED_IN_PAGES.map((page) => page.path), '/no-such-page'];

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

const VARIANTS = [
  { name: 'light', colorScheme: 'light' as const, viewport: { width: 1280, height: 800 } },
  { name: 'dark', colorScheme: 'dark' as const, viewport: { width: 1280, height: 800 } },
  { name: 'phone', colorScheme: 'light' as const, viewport: { width: 390, height: 844 } },
];

for (const variant of VARIANTS) {
  test.describe(`${variant.name}`, () => {
    test.use({ storageState: 'test-results/.auth/admin.json', colorScheme: variant.colorScheme, viewport: variant.viewport });
    for (const route of ROUTES) {
      test(`${route}: no serious axe violations, nothing blocked by the CSP`, async ({ page }) => {
        const blocked: string[] = [];
        // The CSP allows no inline script or style: anything it blocks is a bug on that page too.
        page.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) blocked.push(`CSP blocked: ${message.text().slice(0, 160)}`);
        });
        await page.goto(route);
        await waitForIslands(page);
        expect([...(await seriousViolations(page)), ...blocked]).toEqual([]);
      });
    }
  });
}

test('the sign-in page has no serious axe violations', async ({ page }) => {
  await page.goto('/auth');
  await waitForIslands(page);
  expect(await seriousViolations(page)).toEqual([]);
});
