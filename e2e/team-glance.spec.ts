// Team Progress at a glance: an administrator assigns a new person a program that started long ago (its items become
// overdue, and the overdue count's link lists them), then uploads a CSV of their first opportunity with the page's
// plain form: the ramp chart, named and with its table alternative, counts it; the same file again changes nothing.
import { randomUUID } from 'node:crypto';
import { expect, signUpFresh, test } from './fixtures';

const CHART_NAME = 'Share of each start-month cohort that reached each milestone by its target day';

/** The 5th of the month 26 months ago: a start-month cohort no other test assigns. */
function longAgo(): { startDate: string; reachedOn: string; cohort: string } {
  const start = new Date();
  start.setUTCDate(5);
  start.setUTCMonth(start.getUTCMonth() - 26);
  const reached = new Date(start.getTime() + 10 * 86_400_000);
  const cohort = start.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return { startDate: start.toISOString().slice(0, 10), reachedOn: reached.toISOString().slice(0, 10), cohort };
}

test('the counts link to filtered lists; a CSV upload moves the ramp chart, which has a name and a table', async ({ page, adminPage }) => {
  test.slow();
  const { startDate, reachedOn, cohort } = longAgo();
  await page.goto('/auth');
  const person = await signUpFresh(page, `Ramp Glance ${randomUUID().slice(0, 6)}`);
  await adminPage.goto('/team-progress');
  const overdue = adminPage.getByTestId('glance-overdue');
  const overdueBefore = Number(/^\d+/.exec(await overdue.innerText())?.[0]);

  const assigned = await adminPage.request.post('/api/program-assignments', {
    data: { username: person.username, programId: 'account-executive-onboarding', startDate },
    headers: { Origin: new URL(adminPage.url()).origin },
  });
  expect(assigned.status(), await assigned.text()).toBe(201);
  await adminPage.reload();
  await expect(overdue).toContainText(/overdue plan items?$/);
  expect(Number(/^\d+/.exec(await overdue.innerText())?.[0])).toBeGreaterThan(overdueBefore);
  await overdue.click();
  await expect(adminPage).toHaveURL(/\/team-progress\?filter=overdue#team-table$/);
  await expect(adminPage.getByRole('radio', { name: 'Overdue plan items' })).toBeChecked();
  await adminPage.goto(`/team-progress?filter=overdue&find=${encodeURIComponent(person.username)}`);
  await expect(adminPage.locator('tbody tr[data-user-id]')).toHaveCount(1);
  await expect(adminPage.locator('tbody tr[data-user-id]')).toContainText(person.name);

  // Before the upload: the person is past day 21 and counted among those who did not reach it.
  await adminPage.goto('/team-progress');
  const chart = adminPage.getByRole('img', { name: CHART_NAME });
  await expect(chart).toBeVisible();
  const table = adminPage.getByRole('table', { name: CHART_NAME });
  const cohortRow = table.getByRole('row').filter({ hasText: 'First opportunity (day 21)' }).filter({ hasText: cohort });
  const [, reached, judged] = /^(\d+) of (\d+)$/.exec((await cohortRow.getByRole('cell').nth(1).innerText()).trim()) ?? [];
  expect(Number(judged)).toBeGreaterThanOrEqual(1);

  const csv = `username,milestone,date\n${person.username},first-opportunity,${reachedOn}\n`;
  const upload = async () => {
    await adminPage.getByLabel('CSV file').setInputFiles({ name: 'outcomes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await adminPage.getByRole('button', { name: 'Upload' }).click();
  };
  await upload();
  await expect(adminPage.getByTestId('outcomes-imported')).toHaveText('The file is imported: 1 added, 0 unchanged.');
  await expect(adminPage).toHaveURL(/\/team-progress\?added=1&unchanged=0#outcomes-upload$/);
  await expect(cohortRow.getByRole('cell').nth(1)).toHaveText(`${Number(reached) + 1} of ${judged}`);
  await expect(chart).toHaveAccessibleDescription(
    new RegExp(`First opportunity by day 21: [^.]*${cohort} \\d+ % \\(${Number(reached) + 1} of ${judged}\\)`),
  );
  await expect(adminPage.getByTestId('ramp-medians')).toContainText(
    /First opportunity: the team's median is day \d+, against a target of day 21\./,
  );

  await upload();
  await expect(adminPage.getByTestId('outcomes-imported')).toHaveText('The file is imported: 0 added, 1 unchanged.');
  await expect(cohortRow.getByRole('cell').nth(1)).toHaveText(`${Number(reached) + 1} of ${judged}`);

  // The person's row: their day 10 against the target of day 21 and the team's median day.
  await adminPage.goto(`/team-progress?find=${encodeURIComponent(person.username)}`);
  await expect(adminPage.locator('tbody tr[data-user-id]').getByTestId('ramp-line')).toHaveText(
    /^First opportunity: day 10 \(target 21, team median \d+\)$/,
  );
  await adminPage.goto('/team-progress');

  // A refused file names its row and stores nothing.
  await adminPage.getByLabel('CSV file').setInputFiles({
    name: 'outcomes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${person.username},no-such-milestone,${reachedOn}\n`),
  });
  await adminPage.getByRole('button', { name: 'Upload' }).click();
  await expect(adminPage.getByTestId('outcomes-refused')).toContainText('Row 1:');
});
