// Keyboard-only walkthroughs (WCAG 2.2 AA): every flow done with Tab, Shift+Tab, Enter, Space and
// arrows alone — no clicks — checking at each stop that the focused control shows a visible focus
// indicator, and that results are announced (a live region or focus moved onto them).
import type { Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { DEMO_USER } from '~/server/demo-accounts';
import { expect, signUpFresh, test, waitForIslands } from './fixtures';

/**
 * The focused element matches :focus-visible and it, or the field wrapper around it (daisyUI draws an
 * input's ring on its `label.input` through :focus-within), draws an outline.
 */
async function expectVisibleFocus(page: Page): Promise<void> {
  const focus = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const outlined = (node: Element) => {
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    };
    const wrapper = element.closest('label.input, label.textarea');
    return {
      label: `${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}`,
      focusVisible: element.matches(':focus-visible'),
      outline: outlined(element) || (wrapper !== null && wrapper !== element && outlined(wrapper)),
    };
  });
  expect(focus, 'something has focus').not.toBeNull();
  expect(focus!.focusVisible, `${focus!.label} matches :focus-visible`).toBe(true);
  expect(focus!.outline, `${focus!.label} shows an outline`).toBe(true);
}

/** Presses Tab (or Shift+Tab) until `target` has focus: proves it is reachable by keyboard alone. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectVisibleFocus(page);
      return;
    }
  }
  throw new Error(`${String(target)} was not reached with ${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

test('sign in: skip link, fields, Enter submits, the toast is announced', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth');
  await waitForIslands(page);
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type(DEMO_USER.username);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(DEMO_USER.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toBeVisible();

  // On every protected page the first Tab stop is the skip link, visible when focused; it moves focus to the content.
  await waitForIslands(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await context.close();
});

test('search: reach the box, results are announced, arrows and Enter open one', async ({ userPage: page }) => {
  await page.goto('/company-overview');
  await waitForIslands(page);
  const box = page.getByRole('combobox', { name: 'Search content' });
  await tabTo(page, box);
  await page.keyboard.type('lease');
  await expect(page.getByTestId('search-results')).toBeVisible();
  await expect(page.locator('p[role="status"].sr-only')).toHaveText(/\d+ results?/);
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  const url = page.url();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(url);
});

test('tabs: one Tab stop, arrows switch the panel', async ({ userPage: page }) => {
  await page.goto('/company-overview');
  await waitForIslands(page);
  const tablist = page.getByRole('tablist');
  await tabTo(page, tablist.getByRole('tab', { selected: true }));
  await page.keyboard.press('ArrowRight');
  const next = tablist.getByRole('tab', { name: 'Differentiators' });
  await expect(next).toBeFocused();
  await expect(next).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Differentiators' })).toBeVisible();
  await expectVisibleFocus(page);
  // Tab leaves the tab list for the panel's content, not the next tab.
  await page.keyboard.press('Tab');
  await expect(tablist.getByRole('tab').filter({ has: page.locator(':focus') })).toHaveCount(0);
});

test('quiz: answer every question, focus follows each question, then the results', async ({ userPage: page }) => {
  await page.goto('/quizzes/1');
  await waitForIslands(page);
  const quiz = page.locator('section.card').first();
  for (let question = 0; question < 30; question++) {
    await tabTo(page, quiz.getByRole('radio').first());
    await page.keyboard.press('Space');
    await expect(quiz.getByRole('radio').first()).toBeChecked();
    const submit = quiz.getByRole('button', { name: 'Submit Quiz' });
    if (await submit.count()) {
      await tabTo(page, submit);
      await page.keyboard.press('Enter');
      break;
    }
    const legend = (await quiz.locator('legend').textContent()) ?? '';
    await tabTo(page, quiz.getByRole('button', { name: 'Next Question' }));
    await page.keyboard.press('Enter');
    // The next question's text has focus, so it is read out.
    await expect(quiz.locator('legend')).toBeFocused();
    await expect(quiz.locator('legend')).not.toHaveText(legend);
  }
  const results = page.getByRole('heading', { name: 'Quiz Results' });
  await expect(results).toBeFocused();
  await expect(page.getByTestId('quiz-score')).toHaveText(/^\d+%$/);
  await tabTo(page, page.getByRole('link', { name: 'Back to Quizzes' }));
});

test('daily challenge: choose with the keyboard, submit, the verdict gets focus and is a status', async ({ page }) => {
  await page.goto('/auth');
  await signUpFresh(page, 'Keyboard Challenger');
  await page.goto('/');
  await waitForIslands(page);
  const card = page.getByTestId('daily-challenge');
  await tabTo(page, card.getByRole('radio').first());
  await page.keyboard.press('ArrowDown'); // moves to and checks the second option
  await expect(card.getByRole('radio').nth(1)).toBeChecked();
  // "Sure" / "Not sure" beside the answer: Tab into the group, an arrow key chooses.
  await tabTo(page, card.getByRole('radio', { name: 'Sure', exact: true }));
  await page.keyboard.press('ArrowDown');
  await expect(card.getByRole('radio', { name: 'Not sure' })).toBeChecked();
  await tabTo(page, card.getByRole('button', { name: 'Submit Answer' }));
  const posted = page.waitForRequest((request) => request.url().endsWith('/api/daily-challenge/complete'));
  await page.keyboard.press('Enter');
  expect((await posted).postDataJSON()).toMatchObject({ confidence: 'unsure' });
  const verdict = card.getByRole('status').filter({ hasText: /Correct!|Not quite right\./ });
  await expect(verdict).toBeFocused({ timeout: 30_000 });
});

test('lesson completion: Mark Complete by keyboard keeps focus on the row and announces the toast', async ({ page }) => {
  await page.goto('/auth');
  await signUpFresh(page, 'Keyboard Learner');
  await page.goto('/modules/1');
  await waitForIslands(page);
  const button = page.getByRole('button', { name: /^Mark Complete: / }).first();
  const label = (await button.getAttribute('aria-label')) ?? '';
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Lesson completed' })).toBeVisible();
  await expect(page.getByTestId('lesson-completed').first()).toBeFocused();
  await expect(page.getByRole('button', { name: label })).toHaveCount(0);
  // Focus stayed in the list: the next Tab goes on to the next row, not back to the top of the page.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).not.toBeFocused();
  await expectVisibleFocus(page);
});

test('coach: type a situation, Enter gets coaching, the result is announced, plays switch with Space', async ({ userPage: page }) => {
  await page.goto('/sales-situations');
  await waitForIslands(page);
  const box = page.getByLabel('Your sales situation');
  await tabTo(page, box);
  await page.keyboard.type('budget');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('coach-status')).toHaveText(/Coaching for Budget Pushback/);
  const plays = page.getByTestId('coach-result').getByRole('group', { name: 'Choose a play' }).getByRole('button');
  await tabTo(page, plays.nth(1));
  await page.keyboard.press('Space');
  await expect(plays.nth(1)).toHaveAttribute('aria-pressed', 'true');
});

test('team table: sort, filter and export with the keyboard', async ({ adminPage: page }) => {
  await page.goto('/team-progress');
  await waitForIslands(page);
  const header = page.getByRole('columnheader', { name: /Mastery/ });
  await tabTo(page, header.getByRole('link'));
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'descending');

  // The filter is one radio group: Tab to it, arrows change it, Tab on to Apply; the row count is a live region.
  await tabTo(page, page.getByRole('radio', { name: 'All' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Active (last 7 days)' })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Apply' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]filter=active\b/);
  await expect(page.getByRole('radio', { name: 'Active (last 7 days)' })).toBeChecked();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByTestId('team-row-count')).toHaveAttribute('aria-live', 'polite');

  const downloading = page.waitForEvent('download');
  await tabTo(page, page.getByRole('link', { name: 'Export CSV' }));
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('team-progress.csv');
  expect((await readFile((await download.path())!, 'utf8')).split('\r\n')[0]).toBe(
    '"Name","Username","Program","Plan day","Plan items done","Plan items tested out","Plan items required","Plan status","Overdue items","Joined","Days in the program","Pace","Progress (%)","Mastery (%)","Average quiz score (%)","Pages visited","Quizzes completed","Daily challenges","Logins","Last active"',
  );
});

test('personas: the table scrolls by keyboard and every persona link is reachable and opens', async ({ userPage: page }) => {
  await page.goto('/personas');
  const region = page.getByRole('region', { name: 'Personas by buyer segment and buying role' });
  await tabTo(page, region);
  const link = region.getByRole('link', { name: 'Nathan Greer' });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/personas\/2$/);
});
