// The first paint is the final look: a page drawn with only the rules the server wrote into its <head> has
// every element styled as it is once the site's stylesheet, linked on the page's first use, has loaded
// (transitions, which act only on a change, and interaction states apart). Every element's computed style
// and box (and those of its ::before and ::after) is recorded before that use, then a key is pressed, the
// stylesheet is let through, and nothing may have changed.
import type { Page } from '@playwright/test';
import { expect, test, waitForIslands } from './fixtures';
import { SIGNED_IN_PAGES } from '~tools/route-examples';

declare global {
  interface Window {
    firstPaintLook?: string[];
  }
}

/**
 * Records every element's box and the properties that draw it (and those of its ::before and ::after when
 * they exist) in document order; the first call keeps the record in the page, the second returns what differs
 * from it (the first few differences, property by property). Runs in the page, so it names its own properties.
 */
function lookSinceFirstRecord(): string[] {
  const properties = [
    ...['display', 'position', 'top', 'right', 'bottom', 'left', 'float', 'z-index', 'box-sizing', 'visibility', 'opacity'],
    ...['margin-top', 'margin-right', 'margin-bottom', 'margin-left', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left'],
    ...['border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width', 'border-top-style', 'border-bottom-style'],
    ...['border-top-color', 'border-right-color', 'border-bottom-color', 'border-left-color', 'border-top-left-radius'],
    ...['border-bottom-right-radius', 'outline-style', 'overflow-x', 'overflow-y', 'transform', 'filter', 'box-shadow', 'clip-path'],
    ...['flex-direction', 'flex-wrap', 'flex-grow', 'flex-shrink', 'flex-basis', 'align-items', 'align-self', 'justify-content'],
    ...['order', 'row-gap', 'column-gap', 'grid-template-columns', 'grid-template-rows', 'grid-column-start', 'grid-column-end'],
    ...['color', 'font-family', 'font-size', 'font-weight', 'font-style', 'line-height', 'letter-spacing', 'text-align'],
    ...['text-decoration-line', 'text-transform', 'text-overflow', 'white-space', 'overflow-wrap', 'vertical-align'],
    ...['list-style-type', 'background-color', 'background-image', 'background-size', 'background-position', 'mask-image'],
    ...['cursor', 'pointer-events', 'user-select', 'fill', 'stroke', 'animation-name', 'content', 'appearance', 'accent-color'],
    ...['content-visibility', 'table-layout', 'border-collapse', 'scrollbar-color', 'width', 'height', 'max-width', 'min-height'],
  ];
  const describe = (style: CSSStyleDeclaration) =>
    properties.map((property) => `${property}:${style.getPropertyValue(property)}`).join(';');
  const pseudo = (element: Element, which: '::before' | '::after') => {
    const style = getComputedStyle(element, which);
    return style.content === 'none' || style.content === 'normal' ? '' : describe(style);
  };
  const look = [document.documentElement, ...document.documentElement.querySelectorAll('body, body *')].map((element) => {
    const box = element.getBoundingClientRect();
    const own = describe(getComputedStyle(element));
    const before = pseudo(element, '::before');
    const after = pseudo(element, '::after');
    return `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">;box:${box.x},${box.y},${box.width},${box.height};${own};::before;${before};::after;${after}`;
  });
  const first = window.firstPaintLook;
  if (!first) {
    window.firstPaintLook = look;
    return [];
  }
  const found: string[] = [];
  for (let at = 0; at < Math.max(first.length, look.length) && found.length < 8; at++) {
    const [was = '', is = ''] = [first[at], look[at]];
    if (was === is) continue;
    const changed = is.split(';').filter((value) => !was.split(';').includes(value));
    found.push(`${at} ${was.slice(0, was.indexOf('>') + 1)} ${changed.slice(0, 6).join('; ')}`);
  }
  return found;
}

/** Whether the stylesheet the page links on first use has been applied. */
const stylesheetApplied = (page: Page) =>
  page.evaluate(() => (document.querySelector<HTMLLinkElement>('head > link[rel="stylesheet"]')?.sheet ?? null) !== null);

/** Pauses the page's clock a moment from now; on a busy machine that moment may pass before the call lands, so it tries again. */
async function pauseClockSoon(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 200);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

async function expectFinalLookAtFirstPaint(page: Page, route: string): Promise<void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.css', async (held) => {
    await released;
    await held.continue();
  });
  await page.clock.install();
  await page.goto(route);
  await waitForIslands(page);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // Nothing timed (a toast's 5 s) changes the page between the two records.
  await pauseClockSoon(page);
  expect(await page.locator('head > style').count(), 'the critical rules are in the head').toBe(1);
  expect(await page.locator('head > link[rel="stylesheet"]').count(), 'no stylesheet before the first use').toBe(0);
  expect(await page.evaluate(lookSinceFirstRecord)).toEqual([]);

  await page.keyboard.press('Shift'); // the first use: the stylesheet is linked after the next frame
  await page.clock.runFor(100);
  await expect(page.locator('head > link[rel="stylesheet"]')).toHaveCount(1);
  release();
  await expect.poll(() => stylesheetApplied(page)).toBe(true);
  expect(await page.evaluate(lookSinceFirstRecord)).toEqual([]);
}

const ROUTES = [...SIGNED_IN_PAGES.map((page) => page.path), '/no-such-page'];
const VARIANTS = [
  { name: 'light', colorScheme: 'light' as const, viewport: { width: 1280, height: 800 }, routes: ROUTES },
  // The other themes and widths on a page of each kind.
  ...[
    { name: 'dark', colorScheme: 'dark' as const, viewport: { width: 1280, height: 800 } },
    { name: 'phone', colorScheme: 'light' as const, viewport: { width: 390, height: 844 } },
  ].map((variant) => ({
    ...variant,
    routes: ['/', '/company-overview', '/modules/1/lessons/101', '/quizzes/1', '/team-progress', '/settings'],
  })),
];

for (const variant of VARIANTS) {
  test.describe(`first paint, ${variant.name}`, () => {
    test.use({ storageState: 'test-results/.auth/admin.json', colorScheme: variant.colorScheme, viewport: variant.viewport });
    for (const route of variant.routes) {
      test(`${route} looks final before the stylesheet arrives`, async ({ page }) => {
        await expectFinalLookAtFirstPaint(page, route);
      });
    }
  });
}

test('the sign-in page looks final before the stylesheet arrives', async ({ page }) => {
  await expectFinalLookAtFirstPaint(page, '/auth');
});

test('without JavaScript the page links the whole stylesheet', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/auth');
  const sheets = await page.evaluate(() => [...document.styleSheets].map((sheet) => sheet.href ?? 'inline'));
  expect(sheets.filter((href) => href.includes('/_astro/'))).toHaveLength(1);
  await context.close();
});

test('once the stylesheet is cached, the next pages link it and carry no rules of their own', async ({ browser }) => {
  const context = await browser.newContext({ storageState: 'test-results/.auth/admin.json' });
  const page = await context.newPage();
  await page.goto('/quizzes');
  await page.keyboard.press('Shift'); // the first use links it
  await expect.poll(() => stylesheetApplied(page)).toBe(true);
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'pw_stylesheet')?.value).toMatch(/\.css$/);

  const next = await page.goto('/personas');
  const head = (await next!.text()).split('</head>')[0]!;
  expect(head).toMatch(/<link rel="stylesheet" href="\/_astro\/[\w.-]+\.css">/);
  expect(head).not.toContain('<style>');
  expect(await stylesheetApplied(page)).toBe(true);
  await context.close();
});
