// Onboarding programs end to end: an administrator assigns a newly registered person a program that
// started 10 days ago; the person sees the overdue items pinned on the home page, does them, is signed
// off, and gets the certificate; Team Progress's "behind or overdue" filter before and after; axe and
// the keyboard on /plan and the person's page.
import type { Page } from '@playwright/test';
import { committedQuiz } from './content';
import { axe, expect, signUpFresh, test, waitForIslands } from './fixtures';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

/** A fresh person in their own browser page, and their account id. */
async function freshPerson(page: Page, name: string) {
  await page.goto('/auth');
  const person = await signUpFresh(page, name);
  const { id } = (await (await page.request.get('/api/user')).json()) as { id: string };
  return { ...person, id };
}

async function membersShown(adminPage: Page, filter: string, username: string) {
  await adminPage.goto('/team-progress');
  await waitForIslands(adminPage);
  await adminPage.getByRole('radio', { name: filter }).check();
  await adminPage.getByTestId('team-find').fill(username);
  await Promise.all([
    adminPage.waitForURL((url) => url.searchParams.get('find') === username),
    adminPage.getByTestId('team-find').press('Enter'),
  ]);
  return adminPage.locator('tbody tr[data-user-id]');
}

test('assigned 10 days ago: overdue work pinned on the home page until done, signed off, certified', async ({ page, adminPage }) => {
  test.slow();
  const person = await freshPerson(page, 'Plan Newcomer');

  // No plan yet: not behind; the home page as before.
  await expect(await membersShown(adminPage, 'Behind or overdue', person.username)).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('your-plan')).toHaveCount(0);

  // The administrator assigns the program from the person's page, starting 10 days ago.
  await adminPage.goto(`/team-progress/${person.id}`);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Plan Newcomer' })).toBeVisible();
  await adminPage.getByRole('combobox', { name: /^Program/ }).selectOption('discovery-refresher');
  await adminPage.getByLabel('Start date').fill(daysAgo(10));
  await adminPage.getByRole('button', { name: 'Assign' }).click();
  await expect(adminPage.getByTestId('person-done')).toHaveText('The program is assigned.');
  await expect(adminPage.getByTestId('assignment-history')).toContainText('Assigned Discovery refresher');

  const behind = await membersShown(adminPage, 'Behind or overdue', person.username);
  await expect(behind).toHaveCount(1);
  await expect(behind.locator('[data-figure="planStatus"]')).toContainText('Overdue');
  await expect(behind.getByTestId('overdue-items')).toHaveText(' · 6 overdue');

  // The home page starts with the plan: day 11 of 14, overdue items pinned with their date.
  await page.goto('/');
  const plan = page.getByTestId('your-plan');
  await expect(plan).toContainText('Your plan: Discovery refresher');
  await expect(page.getByTestId('your-plan-day')).toHaveText('Day 11 of 14 · 0 of 8 required items done');
  const overdue = page.getByTestId('your-plan-overdue').getByRole('listitem');
  await expect(overdue).toHaveCount(6);
  await expect(overdue.first()).toContainText('Read the discovery question bank');
  await expect(overdue.first()).toContainText('Overdue since');

  // Doing them: the pages read, the lessons completed (the first on its page, the others through the API), the quiz passed.
  await overdue.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/sales-kit\/discovery-questions$/);
  await page.goto('/sales-kit/objections');
  await page.goto('/modules/6/lessons/601');
  await waitForIslands(page);
  await page
    .getByRole('button', { name: /^Mark Complete/ })
    .first()
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Lesson completed' })).toBeVisible();
  const origin = new URL(page.url()).origin;
  const others = { moduleId: 6, completedLessons: [601, 602, 603, 604] };
  expect((await page.request.post('/api/progress', { data: others, headers: { Origin: origin } })).status()).toBe(201);
  const quiz = committedQuiz(13);
  const answers = quiz.questions.map((question) => ({
    questionId: question.id,
    selectedOptionId: question.options.find((option) => option.isCorrect)!.id,
  }));
  expect((await page.request.post('/api/quiz-results', { data: { quizId: 13, answers }, headers: { Origin: origin } })).status()).toBe(201);

  await page.goto('/');
  await expect(page.getByTestId('your-plan-overdue')).toHaveCount(0);
  await expect(page.getByTestId('your-plan-day')).toHaveText('Day 11 of 14 · 7 of 8 required items done');

  // The sign-off, from the person's page.
  await adminPage.goto(`/team-progress/${person.id}`);
  const roleplay = adminPage.locator('[data-item-id="discovery-roleplay"]');
  await roleplay.getByLabel('Note (optional)').fill('Found a 12 % vacancy cost in ten minutes');
  await roleplay.getByRole('button', { name: /^Sign off/ }).click();
  await expect(adminPage.getByTestId('person-done')).toHaveText('Signed off.');
  await expect(adminPage.locator('[data-item-id="discovery-roleplay"]')).toHaveAttribute('data-status', 'done');
  await expect(adminPage.getByTestId('plan-item-signoff')).toContainText('Found a 12 % vacancy cost in ten minutes');

  // The certificate, on /plan and printable.
  await page.goto('/plan');
  await expect(page.getByTestId('certificate')).toContainText('Current on discovery');
  await expect(page.getByTestId('certificate-status')).toHaveText('Valid');
  await page.getByRole('link', { name: 'Printable certificate' }).click();
  await expect(page.getByTestId('printable-certificate')).toContainText('awarded to Plan Newcomer for completing Discovery refresher');

  // No longer behind: certified.
  await expect(await membersShown(adminPage, 'Behind or overdue', person.username)).toHaveCount(0);
  const all = await membersShown(adminPage, 'All', person.username);
  await expect(all.locator('[data-figure="planStatus"]')).toContainText('Certified');
});

test('the plan week by week: statuses, due dates, links, optional items apart; no plan says so', async ({ page, adminPage }) => {
  const person = await freshPerson(page, 'Plan Reader');
  await page.goto('/plan');
  await expect(page.getByTestId('no-plan')).toContainText('You have no onboarding program yet.');
  await page.goto('/plan/certificate');
  await expect(page.getByTestId('no-certificate')).toContainText('No certificate yet');

  const origin = new URL(page.url()).origin;
  const assigned = await adminPage.request.post('/api/program-assignments', {
    data: { username: person.username, programId: 'sdr-onboarding', startDate: daysAgo(6) },
    headers: { Origin: origin },
  });
  expect(assigned.status()).toBe(201);
  await page.goto('/plan');
  await expect(page.getByRole('heading', { level: 1, name: 'SDR onboarding' })).toBeVisible();
  await expect(page.getByTestId('plan-day')).toHaveText('Day 7 of 42');
  await expect(page.getByTestId('plan-week')).toHaveCount(6);
  await expect(page.getByTestId('plan-week').first().getByRole('heading')).toHaveText('Week 1');
  const first = page.getByTestId('plan-week').first().getByTestId('plan-item').first();
  await expect(first).toHaveAttribute('data-status', 'overdue');
  await expect(page.getByTestId('plan-optional').getByTestId('plan-item')).toHaveCount(3);
  await page.getByRole('link', { name: 'Read the ideal customer profile' }).click();
  await expect(page).toHaveURL(/\/ideal-customer-profile$/);
  await page.getByRole('link', { name: 'My Plan' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByRole('link', { name: 'My Plan' })).toHaveAttribute('aria-current', 'page');
});

test('axe: /plan with a plan and the person’s page have no serious violations; sign off with the keyboard', async ({ page, adminPage }) => {
  const person = await freshPerson(page, 'Plan Keyboard');
  await adminPage.goto(`/team-progress/${person.id}`);
  await adminPage.getByRole('combobox', { name: /^Program/ }).selectOption('customer-success-onboarding');
  await adminPage.getByLabel('Start date').fill(daysAgo(30));
  await adminPage.getByRole('button', { name: 'Assign' }).click();
  await expect(adminPage.getByTestId('person-done')).toHaveText('The program is assigned.');
  expect(await seriousViolations(adminPage)).toEqual([]);

  await page.goto('/plan');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/');
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard: the note field, then Sign off with Enter.
  const note = adminPage.locator('[data-item-id="shadow-kickoff"]').getByLabel('Note (optional)');
  await note.focus();
  await adminPage.keyboard.type('Listed the goals in their words');
  await adminPage.keyboard.press('Tab');
  await expect(adminPage.locator('[data-item-id="shadow-kickoff"]').getByRole('button', { name: /^Sign off/ })).toBeFocused();
  await adminPage.keyboard.press('Enter');
  await expect(adminPage.getByTestId('person-done')).toHaveText('Signed off.');

  // Ending the program asks for a reason.
  await adminPage.getByLabel('Reason for ending the program').fill('Moved to the product team');
  await adminPage.getByRole('button', { name: 'End the program' }).click();
  await expect(adminPage.getByTestId('person-done')).toHaveText('The program has ended.');
  await expect(adminPage.getByTestId('assignment-history')).toContainText('Ended Customer success onboarding');
  await expect(adminPage.getByTestId('assignment-history')).toContainText('Moved to the product team');
});

test('anybody but an administrator gets Access Denied on a person’s page', async ({ page }) => {
  const person = await freshPerson(page, 'Plan Curious');
  const response = await page.goto(`/team-progress/${person.id}`);
  expect(response?.status()).toBe(403);
  await expect(page.getByText('The Team Progress dashboard is only accessible to administrators.').first()).toBeVisible();
});
