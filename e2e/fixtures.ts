// Shared e2e helpers: signed-in pages for the demo accounts, fresh users, hydration waits.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { STORAGE } from './global-setup';

export { expect };

/**
 * Waits until every island that hydrates by itself has (Astro removes the `ssr` attribute); islands that
 * wait for someone to use them (`client:interaction`, the header search) stay as they are.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([client="interaction"])').length === 0);
}

/**
 * Stops the page's timers a second from now, before a navigation that brings a toast: a toast leaves by itself after
 * 5 s, and a loaded machine may take longer to reach it. `page.clock.resume()` lets them run again once it is read.
 */
export async function holdTimers(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

/**
 * axe over this page. Legacy mode runs it in the page itself: the default opens a blank page for every pass to
 * join the results of cross-origin frames, and the site can have none (its CSP allows frames from itself only).
 * The tests read violations only: axe then skips describing every element that passed, most of a pass's work on a
 * long page.
 */
export const axe = (page: Page): AxeBuilder => new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });

/** Registers a brand-new user through the API in this page's context (so the page is signed in as it). */
export async function signUpFresh(page: Page, name = 'Fresh Learner'): Promise<{ username: string; name: string }> {
  const username = `e2e-${randomUUID().slice(0, 8)}@parcelwise.example`;
  const origin = new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL ?? '') : page.url()).origin;
  const response = await page.request.post('/api/register', {
    data: { username, password: 'correct-horse-battery', name },
    headers: { Origin: origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { username, name };
}

// Signed in as a demo account, with the test's own viewport and colour scheme (test.use applies them).
export const test = base.extend<{ adminPage: Page; userPage: Page }>({
  adminPage: async ({ browser, viewport, colorScheme, serviceWorkers }, use) => {
    const context = await browser.newContext({ storageState: STORAGE.admin, viewport, colorScheme, serviceWorkers });
    await use(await context.newPage());
    await context.close();
  },
  userPage: async ({ browser, viewport, colorScheme, serviceWorkers }, use) => {
    const context = await browser.newContext({ storageState: STORAGE.user, viewport, colorScheme, serviceWorkers });
    await use(await context.newPage());
    await context.close();
  },
});
