// A placement check end to end: a newcomer with a plan takes the check of "Commercial Real Estate
// Fundamentals" without reading it, passes, and sees its lessons "Tested out" on the module page, in the
// plan, and on their page under Team Progress; the next check waits 24 hours.
import { committedQuiz } from './content';
import { expect, signUpFresh, test } from './fixtures';

/** The correct option of a bank question "{quizId}:{questionId}". */
const keyOf = (questionKey: string) => {
  const [quizId, questionId] = questionKey.split(':');
  const question = committedQuiz(Number(quizId)).questions.find((candidate) => candidate.id === questionId)!;
  return question.options.find((option) => option.isCorrect)!.id;
};

test('passing a module’s placement check marks its lessons tested out on the module page and in the plan', async ({ page, adminPage }) => {
  test.slow();
  await page.goto('/auth');
  const person = await signUpFresh(page, 'Placement Newcomer');
  const { id } = (await (await page.request.get('/api/user')).json()) as { id: string };
  const assigned = await adminPage.request.post('/api/program-assignments', {
    data: { username: person.username, programId: 'customer-success-onboarding', startDate: new Date().toISOString().slice(0, 10) },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(assigned.status()).toBe(201);

  await page.goto('/modules/2');
  const card = page.getByTestId('placement-card');
  await expect(card.getByRole('heading', { name: 'Placement check' })).toBeVisible();
  await card.getByRole('link', { name: 'Take the placement check' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Placement check' })).toBeVisible();

  const questions = page.getByTestId('placement-question');
  expect(await questions.count()).toBeGreaterThanOrEqual(5);
  for (const question of await questions.all()) {
    const questionKey = (await question.getAttribute('data-question-id'))!;
    await question.locator(`input[value="${keyOf(questionKey)}"]`).check();
  }
  await page.getByRole('button', { name: 'Submit placement check' }).click();
  const result = page.getByTestId('placement-result');
  await expect(result.getByRole('heading')).toHaveText('Passed: you tested out');
  await expect(page.getByTestId('placement-score')).toHaveText('Your score: 100% (pass mark 80%).');
  await expect(page.getByTestId('placement-known').getByRole('link', { name: 'Lease Types Explained' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to the module' }).click();
  await expect(page.getByTestId('placement-tested-out')).toHaveText(/^You tested out of \d+ lessons\.$/);
  await expect(page.locator('[data-lesson-id="203"]').getByTestId('lesson-tested-out')).toHaveText('Tested out');
  await expect(page.locator('[data-lesson-id="205"]').getByTestId('lesson-tested-out')).toHaveCount(0);
  await expect(page.getByTestId('placement-opens')).toContainText('Your next placement check opens on');
  await expect(page.getByRole('link', { name: 'Take the placement check' })).toHaveCount(0);

  await page.goto('/plan');
  const item = page.locator('[data-item-id="lesson-203"]');
  await expect(item).toHaveAttribute('data-status', 'done');
  await expect(item.getByTestId('plan-item-when')).toContainText('Tested out on');

  await adminPage.goto(`/team-progress/${id}`);
  await expect(adminPage.locator('[data-item-id="lesson-203"]').getByTestId('plan-item-when')).toContainText('Tested out on');
});
