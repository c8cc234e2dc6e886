// The first week has a clear next step (docs/decisions.md "The first week"): the home page's first card names the next lesson from
// the user's progress, with its minutes, and Start / Continue; overall progress; modules numbered in order.
import type { Page } from '@playwright/test';
import { expect, signUpFresh, test } from './fixtures';

/** A module's lessons as its own page lists them: title and "N min". */
async function lessonsOf(page: Page, moduleId: number): Promise<Array<{ id: number; title: string; minutes: string }>> {
  await page.goto(`/modules/${moduleId}`);
  const rows = page.getByTestId('lesson-row');
  const lessons = [];
  for (const row of await rows.all()) {
    const title = (await row.getByRole('link').first().textContent())!.trim();
    const minutes = (await row.locator('p').first().textContent())!.replace(/^.*·\s*/, '').trim();
    lessons.push({ id: Number(await row.getAttribute('data-lesson-id')), title, minutes });
  }
  return lessons;
}

async function completeLessons(page: Page, moduleId: number, lessonIds: number[]) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.patch(`/api/progress/${moduleId}`, {
    data: { completedLessons: lessonIds },
    headers: { Origin: origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the next-step card is first, above the fold, and follows progress', async ({ page }) => {
      await page.goto('/auth');
      await signUpFresh(page, 'First Week');
      const [moduleOne, moduleTwo] = [await lessonsOf(page, 1), await lessonsOf(page, 2)];
      await page.goto('/');
      const card = page.getByTestId('next-step');
      await expect(card).toBeInViewport();
      await expect(card.getByRole('heading', { level: 2 })).toHaveText('Your next step');
      const titles = await page.getByTestId('module-card').getByRole('heading', { level: 3 }).allTextContents();
      const title = (n: number) => titles[n - 1]!.replace(/^\s*Module \d+\s*:\s*/, '').trim();
      await expect(card.getByTestId('next-step-text')).toHaveText(
        `Module 1: ${title(1)} · ${moduleOne[0]!.title} (${moduleOne[0]!.minutes})`,
      );
      const start = card.getByRole('link', { name: 'Start' });
      await expect(start).toHaveAttribute('href', `/modules/1/lessons/${moduleOne[0]!.id}`);
      await expect(page.getByTestId('overall-progress')).toContainText(
        /Overall progress: 0 of \d+ lessons \(0%\) · 0 of 8 modules completed/,
      );

      // One lesson done: Continue with the next lesson of module 1.
      await completeLessons(page, 1, [moduleOne[0]!.id]);
      await page.reload();
      await expect(card.getByTestId('next-step-text')).toHaveText(
        `Module 1: ${title(1)} · ${moduleOne[1]!.title} (${moduleOne[1]!.minutes})`,
      );
      await expect(card.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', `/modules/1/lessons/${moduleOne[1]!.id}`);
      await expect(page.getByTestId('overall-progress')).toContainText(/Overall progress: 1 of \d+ lessons/);

      // Module 1 done: Start module 2.
      await completeLessons(
        page,
        1,
        moduleOne.map((l) => l.id),
      );
      await page.reload();
      await expect(card.getByTestId('next-step-text')).toHaveText(
        `Module 2: ${title(2)} · ${moduleTwo[0]!.title} (${moduleTwo[0]!.minutes})`,
      );
      await expect(card.getByRole('link', { name: 'Start' })).toHaveAttribute('href', `/modules/2/lessons/${moduleTwo[0]!.id}`);
      await expect(page.getByTestId('overall-progress')).toContainText(`· 1 of 8 modules completed`);
      await card.getByRole('link', { name: 'Start' }).click();
      await expect(page).toHaveURL(new RegExp(`/modules/2/lessons/${moduleTwo[0]!.id}$`));
    });
  });
}

test('modules are numbered in order and come right after the first card; the challenge and main sections follow', async ({
  userPage: page,
}) => {
  await page.goto('/');
  const badges = page.getByTestId('module-card').getByTestId('module-number');
  await expect(badges).toHaveText(['Module 1', 'Module 2', 'Module 3', 'Module 4', 'Module 5', 'Module 6', 'Module 7', 'Module 8']);
  const order = await page
    .locator('main')
    .getByRole('heading', { level: 2 })
    .evaluateAll((headings) => headings.map((h) => h.textContent?.trim()));
  expect(order.indexOf('Your next step')).toBe(0);
  expect(order.indexOf('Learning Modules')).toBeLessThan(order.indexOf('Daily Challenge'));
  expect(order.indexOf('Daily Challenge')).toBeLessThan(order.indexOf('Main Sections'));
});
