// The calendar feed on /settings: a person creates their feed's address, copies it whole from the read-only
// field, and rotates it; the old address then answers 404 and the new one the calendar.
import { expect, signUpFresh, test } from './fixtures';

test('create the calendar feed’s address, copy it whole, rotate it', async ({ page }) => {
  await page.goto('/auth');
  await signUpFresh(page, 'Feed Rep');

  await page.goto('/settings');
  const section = page.locator('#calendar-feed');
  await expect(section.getByRole('heading', { name: 'Your calendar feed' })).toBeVisible();
  await expect(section.getByLabel('Feed address (iCalendar)')).toHaveCount(0);
  await section.getByRole('button', { name: 'Create address' }).click();
  await expect(page.getByText('Your calendar feed has a new address. The previous one no longer works.')).toBeVisible();

  const field = section.getByLabel('Feed address (iCalendar)');
  await expect(field).toHaveAttribute('readonly', '');
  await expect(field).toHaveValue(/\/api\/calendar\/[0-9a-f-]{36}_[A-Za-z0-9_-]{43}\.ics$/);
  const first = await field.inputValue();
  await field.focus();
  // The whole address is selected on focus, ready to copy.
  await expect
    .poll(() => field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]))
    .toEqual([0, first.length]);

  const feedPath = (url: string) => new URL(url).pathname;
  const answered = await page.request.get(feedPath(first));
  expect(answered.status()).toBe(200);
  expect(answered.headers()['content-type']).toBe('text/calendar; charset=utf-8');

  await section.getByRole('button', { name: 'Rotate address' }).click();
  await expect(field).not.toHaveValue(first);
  const second = await field.inputValue();
  expect((await page.request.get(feedPath(first))).status()).toBe(404);
  expect((await page.request.get(feedPath(second))).status()).toBe(200);
});
