// Learning flows in the browser: a full quiz, completing a module, the daily challenge.
// Every test registers a fresh user, so its state starts clean.
import { expect, signUpFresh, test, waitForIslands } from './fixtures';

// Against `astro dev` each call goes through the platform emulation (hundreds of ms): allow for it.
test.slow();

test.beforeEach(async ({ page }) => {
  await page.goto('/auth');
  await signUpFresh(page);
});

test('takes a full quiz, reviews it, and sees Retake Quiz with the result badge', async ({ page }) => {
  await page.goto('/quizzes');
  await expect(page.getByRole('heading', { name: 'Learning Assessment', level: 1 })).toBeVisible();
  const card = page.getByTestId('quiz-card').first();
  const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
  await expect(card.getByRole('link', { name: /Start Quiz/ })).toBeVisible();
  await expect(card.getByTestId('quiz-result-badge')).toHaveCount(0);
  await card.getByRole('link', { name: /Start Quiz/ }).click();
  await expect(page).toHaveURL(/\/quizzes\/\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('radio').first()).toBeVisible();
  await waitForIslands(page);

  const previous = page.getByRole('button', { name: 'Previous' });
  const next = page.getByRole('button', { name: 'Next Question' });
  const submit = page.getByRole('button', { name: 'Submit Quiz' });
  await expect(previous).toBeDisabled();
  const counter = await page.getByText(/^Question 1 of \d+$/).textContent();
  const total = Number(/of (\d+)/.exec(counter ?? '')?.[1]);
  expect(total).toBeGreaterThan(1);

  for (let index = 0; index < total; index += 1) {
    await expect(page.getByText(`Question ${index + 1} of ${total}`, { exact: true })).toBeVisible();
    const last = index === total - 1;
    await expect(last ? submit : next).toBeDisabled();
    if (index === 1) {
      // Previous goes back with the earlier choice kept.
      await expect(previous).toBeEnabled();
      await previous.click();
      await expect(page.getByText(`Question 1 of ${total}`, { exact: true })).toBeVisible();
      await expect(page.getByRole('radio').first()).toBeChecked();
      await next.click();
    }
    await page.getByRole('radio').first().check();
    await expect(last ? submit : next).toBeEnabled();
    await (last ? submit : next).click();
  }

  // Out of every question, or of one fewer when today's unanswered daily challenge is one of them (held back from grading).
  await expect(page.getByText(new RegExp(`^You got \\d+ out of (${total}|${total - 1}) questions correct$`))).toBeVisible({
    timeout: 30_000,
  });
  const score = Number((await page.getByTestId('quiz-score').textContent())?.replace('%', ''));
  await expect(page.getByTestId('quiz-review-item')).toHaveCount(total);
  await expect(page.getByText('Correct answer:').first()).toBeVisible();
  if (score < 100) await expect(page.getByText('Your answer:').first()).toBeVisible();

  await page.getByRole('link', { name: 'Back to Quizzes' }).click();
  await expect(page).toHaveURL(/\/quizzes$/, { timeout: 30_000 });
  const done = page.getByTestId('quiz-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(done.getByRole('link', { name: /Retake Quiz/ })).toBeVisible();
  const badge = done.getByTestId('quiz-result-badge');
  if (score === 100) await expect(badge).toHaveText('100% Completed');
  else await expect(badge).toHaveText(`${score}% Completed`);
});

test('marks every lesson of a module complete and keeps Module Completed after a reload', async ({ page }) => {
  await page.goto('/modules/1');
  const rows = page.getByTestId('lesson-row');
  await expect(rows.first()).toBeVisible();
  await waitForIslands(page);
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  const footer = page.getByTestId('module-footer');
  await expect(footer).toHaveText(`0 of ${count} lessons completed`);

  for (let done = 1; done <= count; done += 1) {
    await page
      .getByRole('button', { name: /Mark Complete/ })
      .first()
      .click();
    await expect(page.getByRole('button', { name: /Mark Complete/ })).toHaveCount(count - done, { timeout: 30_000 });
    await expect(page.getByText('Lesson completed', { exact: true })).toBeVisible();
    await expect(footer).toHaveText(done === count ? 'Module Completed' : `${done} of ${count} lessons completed`);
  }
  await expect(page.getByTestId('lesson-completed')).toHaveCount(count);

  await page.reload();
  await expect(footer).toHaveText('Module Completed');
  await expect(page.getByRole('button', { name: /Mark Complete/ })).toHaveCount(0);
  await page.goto('/industry-knowledge/1');
  await expect(page.getByTestId('module-footer')).toHaveText('Module Completed');
});

test('answers the daily challenge', async ({ page }) => {
  await page.goto('/');
  await waitForIslands(page);
  const card = page.getByTestId('daily-challenge');
  await expect(card.getByRole('heading', { name: 'Daily Challenge' })).toBeVisible();
  const submit = card.getByRole('button', { name: 'Submit Answer' });
  await expect(submit).toBeDisabled();
  await card.getByRole('radio').first().check();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(card.getByText(/^(Correct!|Not quite right\.)$/)).toBeVisible({ timeout: 30_000 });
  for (const radio of await card.getByRole('radio').all()) await expect(radio).toBeDisabled();
  await expect(card.locator('[data-correct="true"]')).toHaveCount(1);
  await expect(card.getByText(/^(Next challenge in \d+\.\d hours|New challenge every 12 hours)$/)).toBeVisible();
});

test.describe('quiz results on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the verdict against the 80% pass mark and the actions come first; Retake and Review the lesson work', async ({ page }) => {
    await page.goto('/quizzes/1');
    await waitForIslands(page);
    const total = Number(/of (\d+)/.exec((await page.getByText(/^Question 1 of \d+$/).textContent()) ?? '')?.[1]);
    for (let index = 0; index < total; index += 1) {
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: index === total - 1 ? 'Submit Quiz' : 'Next Question' }).click();
    }
    const score = Number((await page.getByTestId('quiz-score').textContent({ timeout: 30_000 }))?.replace('%', ''));
    await expect(page.getByTestId('quiz-verdict')).toHaveText(
      score >= 80
        ? `Passed: ${score}% meets the 80% pass mark.`
        : 'Not passed yet: the pass mark is 80%. Review the lesson and retake the quiz.',
    );
    const actions = page.getByTestId('quiz-result-actions');
    await expect(actions).toBeInViewport();
    await expect(actions.getByRole('button', { name: 'Retake quiz' })).toBeInViewport();
    const review = actions.getByRole('link', { name: 'Review the lesson' });
    await expect(review).toHaveAttribute('href', '/modules/1#lessons-heading');
    await expect(actions.getByRole('link', { name: 'Back to Quizzes' })).toHaveAttribute('href', '/quizzes');
    await actions.getByRole('button', { name: 'Retake quiz' }).click();
    await expect(page.getByText(`Question 1 of ${total}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(page.getByTestId('quiz-verdict')).toHaveCount(0);
  });
});
