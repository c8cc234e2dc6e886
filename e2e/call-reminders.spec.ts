// The call reminder switch of Settings' "Your calendar", without JavaScript: off for a new account, on once
// ticked and saved (the API answers the same), off again once unticked.
import { expect, signUpFresh, test } from './fixtures';

test.use({ javaScriptEnabled: false });

test('switch call reminders on and off in Settings without JavaScript', async ({ page }) => {
  await page.goto('/auth');
  await signUpFresh(page, 'Reminder Rep');
  await page.goto('/settings');
  const calendar = page.locator('#calendar');
  const box = calendar.getByRole('checkbox', { name: 'E-mail me a reminder before a call I have not prepared for' });
  await expect(box).not.toBeChecked();

  await box.check();
  await calendar.getByRole('button', { name: 'Save reminder setting' }).click();
  await expect(page.getByText('Your call reminder setting is saved.')).toBeVisible();
  await expect(box).toBeChecked();
  expect(await (await page.request.get('/api/preferences')).json()).toMatchObject({ callReminders: true, digest: 'daily' });

  await box.uncheck();
  await calendar.getByRole('button', { name: 'Save reminder setting' }).click();
  await expect(page.getByText('Your call reminder setting is saved.')).toBeVisible();
  await expect(box).not.toBeChecked();
  expect(await (await page.request.get('/api/preferences')).json()).toMatchObject({ callReminders: false });
});
