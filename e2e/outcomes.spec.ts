// Ramp milestones end to end: an administrator assigns a new person the SDR program that started 20 days
// ago; the person records their first meeting on My Plan with the plain form (a page post, no island), sees it
// on time against its target beside their readiness; the administrator sees it on the person's page and
// removes it.
import { axe, expect, signUpFresh, test } from './fixtures';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test('a person records a milestone on their plan; the administrator sees it on their page and removes it', async ({ page, adminPage }) => {
  test.slow();
  await page.goto('/auth');
  await signUpFresh(page, 'Ramp Newcomer');
  const { id } = (await (await page.request.get('/api/user')).json()) as { id: string };
  await adminPage.goto(`/team-progress/${id}`);
  await adminPage.getByRole('combobox', { name: /^Program/ }).selectOption('sdr-onboarding');
  await adminPage.getByLabel('Start date').fill(daysAgo(20));
  await adminPage.getByRole('button', { name: 'Assign' }).click();
  await expect(adminPage.getByTestId('person-done')).toHaveText('The program is assigned.');

  await page.goto('/plan');
  const section = page.getByTestId('ramp-milestones');
  await expect(section.getByRole('heading', { name: 'Ramp milestones' })).toBeVisible();
  await expect(section.getByTestId('milestone-first-meeting-booked').getByTestId('milestone-reached')).toHaveText(
    'Not yet · past the target',
  );
  await expect(page.getByTestId('readiness-plan')).toContainText('required items done');
  await expect(page.getByTestId('readiness-certificate')).toHaveText('Certificate: not earned yet');
  await expect(page.getByTestId('ramp-readiness')).toContainText('these figures do not show that one causes the other');

  const form = page.getByTestId('record-milestone-form');
  await form.getByLabel('Milestone').selectOption('first-meeting-booked');
  await form.getByLabel('Reached on').fill(daysAgo(10));
  await form.getByLabel('Note (optional)').fill('Booked with Northgate Properties');
  await form.getByRole('button', { name: 'Record' }).click();
  await expect(page).toHaveURL(/\/plan\?done=outcome-recorded$/);
  await expect(page.getByTestId('ramp-done')).toHaveText('The milestone is recorded.');
  const row = section.getByTestId('milestone-first-meeting-booked');
  await expect(row.getByTestId('milestone-reached')).toContainText('Day 10 · ');
  await expect(row.getByTestId('milestone-reached')).toContainText(' · on time');
  await expect(row).toContainText('Booked with Northgate Properties');
  // Recorded: no longer offered; another date is refused with the reason.
  await expect(form.getByLabel('Milestone').locator('option[value="first-meeting-booked"]')).toHaveCount(0);
  const results = await axe(page).include('[data-testid="ramp-milestones"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  await adminPage.goto(`/team-progress/${id}`);
  const adminRow = adminPage.getByTestId('milestone-first-meeting-booked');
  await expect(adminRow.getByTestId('milestone-reached')).toContainText(' · on time');
  await adminRow.getByRole('button', { name: /^Remove/ }).click();
  await expect(adminPage.getByTestId('person-done')).toHaveText('The milestone is removed.');
  await expect(adminPage.getByTestId('milestone-first-meeting-booked').getByTestId('milestone-reached')).toHaveText(
    'Not yet · past the target',
  );
});
