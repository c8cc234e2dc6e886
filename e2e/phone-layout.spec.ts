// A phone at 390 px (docs/decisions.md "Header titles and phone widths"): no page wider than the screen (wide MDX tables scroll in their
// own region), the header gives the search box the room, and Escape closes the navigation drawer.
import type { Page } from '@playwright/test';
import { contentPages } from './content';
import { expect, test } from './fixtures';
import { SIGNED_IN_PAGES } from '~tools/route-examples';

const PHONE = { width: 390, height: 844 };

const widthOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  const PAGES = [...new Set([...SIGNED_IN_PAGES.map((page) => page.path), ...contentPages()])];
  /** The pages in groups of a dozen: a test per group, each page loaded in one tab (a context per page costs more than the check). */
  const GROUPS = Array.from({ length: Math.ceil(PAGES.length / 12) }, (_, index) => PAGES.slice(index * 12, index * 12 + 12));
  test('walks every route, lesson, persona and segment', () => {
    expect(PAGES.length).toBeGreaterThan(60);
    expect(GROUPS.flat()).toEqual(PAGES);
  });
  for (const group of GROUPS) {
    test(`no page is wider than the screen: ${group[0]} … ${group.at(-1)}`, async ({ adminPage: page }) => {
      const tooWide: string[] = [];
      for (const path of group) {
        await page.goto(path);
        const width = await widthOf(page);
        if (width > PHONE.width) tooWide.push(`${path}: ${width}px`);
      }
      expect(tooWide).toEqual([]);
    });
  }

  test('a wide lesson table scrolls inside its own named, focusable region', async ({ userPage: page }) => {
    await page.goto('/modules/4/lessons/401');
    const region = page.getByRole('region', { name: 'Table: Attribute, Tier 1' });
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region.getByRole('table')).toBeVisible();
    expect(await widthOf(page)).toBeLessThanOrEqual(PHONE.width);
    const box = (await region.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  });

  test('the header gives the search box the room: no cut title', async ({ userPage: page }) => {
    await page.goto('/modules/1');
    await expect(page.getByTestId('header-title')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const search = (await page.getByRole('search', { name: 'Site' }).boundingBox())!;
    expect(search.width).toBeGreaterThanOrEqual(280);
  });

  test('Escape closes the drawer and gives the focus back to its opener', async ({ userPage: page }) => {
    await page.goto('/');
    const dashboard = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' });
    const opener = page.getByRole('button', { name: 'Open navigation' });
    await opener.click();
    await expect(dashboard).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(dashboard).not.toBeInViewport();
    await expect(opener).toBeFocused();
    // By keyboard too: open with Enter, close with Escape.
    await page.keyboard.press('Enter');
    await expect(dashboard).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(dashboard).not.toBeInViewport();
  });
});

test('at 1280 px the header shows the spec title', async ({ userPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/modules/1');
  await expect(page.getByTestId('header-title')).toBeVisible();
  await expect(page.getByTestId('header-title')).toHaveText('Module Details');
});
