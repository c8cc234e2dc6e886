// A phone at 390 px (docs/decisions.md "Header titles and phone widths"): no page wider than the screen (wide MDX tables scroll in their
// own region), the header gives the search box the room, and Escape closes the navigation drawer.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SIGNED_IN_PAGES } from '~tools/route-examples';

const PHONE = { width: 390, height: 844 };

/** Every lesson page, as the module pages link them. */
async function lessonPaths(page: Page): Promise<string[]> {
  const paths: string[] = [];
  for (let moduleId = 1; moduleId <= 6; moduleId++) {
    await page.goto(`/modules/${moduleId}`);
    paths.push(
      ...(await page
        .getByTestId('lesson-row')
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!))),
    );
  }
  return paths;
}

const widthOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('no page is wider than the screen: every route, persona, segment and lesson', async ({ adminPage: page }) => {
    test.setTimeout(240_000);
    const paths = [
      ...SIGNED_IN_PAGES.map((page) => page.path),
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((id) => `/personas/${id}`),
      ...[8, 9, 10, 11].map((id) => `/buyer-segments/${id}`),
      ...(await lessonPaths(page)),
    ];
    expect(paths.length).toBeGreaterThan(40);
    const tooWide: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      const width = await widthOf(page);
      if (width > PHONE.width) tooWide.push(`${path}: ${width}px`);
    }
    expect(tooWide).toEqual([]);
  });

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
