// The spaced-review schedule in the browser (docs/decisions.md "Spaced review", "Memory model"): the
// challenge's streak, a /review session with the keyboard alone and without JavaScript ("Sure" / "Not sure"
// included), mastery moving on the module card, the Knowledge section for administrators. Days move with the test clock (x-parcelwise-now).
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { committedQuiz } from './content';
import { axe, expect, signUpFresh, test, waitForIslands } from './fixtures';

const DAY = 24 * 60 * 60 * 1000;
// Each test its own far-future days, so the fresh users' schedules never meet the real clock.
const day = (n: number, base: number) => new Date(Date.parse('2031-01-05T09:00:00.000Z') + (base + n) * DAY).toISOString();

async function freshUserAt(browser: Browser, now: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { 'x-parcelwise-now': now } });
  const page = await context.newPage();
  await page.goto('/auth');
  await signUpFresh(page, 'Review Learner');
  return { context, page };
}

const moveTo = (context: BrowserContext, now: string) => context.setExtraHTTPHeaders({ 'x-parcelwise-now': now });

async function postQuiz(page: Page, quizId: number, answers: Array<{ questionId: string; selectedOptionId: string | null }>) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/quiz-results', { data: { quizId, answers }, headers: { Origin: origin } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { review: Array<{ questionId: string; correctOptionId: string | null }> };
}

/** Answers every question of quiz 1 with option "a" (some right, most wrong: they come back tomorrow). */
const answerAllA = (page: Page) =>
  postQuiz(
    page,
    1,
    ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'].map((questionId) => ({ questionId, selectedOptionId: 'a' })),
  );

test('the daily challenge shows the streak, which counts the answered day', async ({ browser }) => {
  const { context, page } = await freshUserAt(browser, day(0, 0));
  await page.goto('/');
  await waitForIslands(page);
  const card = page.getByTestId('daily-challenge');
  await expect(card.getByTestId('challenge-streak')).toContainText('Streak: 0 days');
  await card.getByRole('radio').first().check();
  await card.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(card.getByText(/^(Correct!|Not quite right\.)$/)).toBeVisible();
  await expect(card.getByTestId('challenge-streak')).toContainText('Streak: 1 day');
  await context.close();
});

test('a /review session with the keyboard alone: answer, say how sure, hear the verdict, go on, end all caught up', async ({ browser }) => {
  const { context, page } = await freshUserAt(browser, day(0, 10));
  await answerAllA(page);
  await moveTo(context, day(1, 10));
  await page.goto('/review');
  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  expect(
    await axe(page)
      .withTags(['wcag2a', 'wcag2aa', 'wcag22aa'])
      .analyze()
      .then((r) => r.violations),
  ).toEqual([]);

  for (let answered = 0; answered < 10; answered++) {
    const form = page.getByTestId('review-question');
    if ((await form.count()) === 0) break;
    // Keyboard only: Tab into the options, Space picks, Enter submits.
    await page.locator('main').focus();
    for (
      let tab = 0;
      tab < 6 &&
      !(await form
        .getByRole('radio')
        .first()
        .evaluate((el) => el === document.activeElement));
      tab++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(form.getByRole('radio').first()).toBeFocused();
    await page.keyboard.press('Space');
    // "Sure" / "Not sure": the next Tab enters that group, Space chooses, Enter submits the form.
    const sure = form.getByRole('radio', { name: 'Sure', exact: true });
    await page.keyboard.press('Tab');
    await expect(sure).toBeFocused();
    if (answered === 0) {
      await page.keyboard.press('ArrowDown');
      await expect(form.getByRole('radio', { name: 'Not sure' })).toBeChecked();
    } else await page.keyboard.press('Space');
    const posted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/review');
    await page.keyboard.press('Enter');
    expect((await posted).postData()).toContain(`confidence=${answered === 0 ? 'unsure' : 'sure'}`);
    const verdict = page.getByTestId('review-verdict');
    await expect(verdict.getByRole('status')).toBeFocused();
    await expect(verdict.getByText(/^(Correct!|Not quite right\.)$/)).toBeVisible();
    await expect(verdict.getByRole('link', { name: /./ }).first()).toHaveAttribute('href', /^\/modules\/\d+\/lessons\/\d+$/);
    const next = page.getByTestId('review-next');
    await next.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/review\\?done=${answered + 1}&right=`));
    await expect(page.getByTestId('review-verdict')).toHaveCount(0);
  }
  await expect(page.getByTestId('review-done')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^(All caught up|Session complete)$/ })).toBeVisible();
  await context.close();
});

test('/review works without JavaScript: a form per question posting to the page', async ({ browser }) => {
  const { context, page } = await freshUserAt(browser, day(0, 20), { javaScriptEnabled: false });
  await answerAllA(page);
  await moveTo(context, day(1, 20));
  await page.goto('/review');
  const form = page.getByTestId('review-question');
  await expect(form.getByText(/^Question 1 of \d+$/)).toBeVisible();
  await expect(form.getByText(/^Predicted recall today: \d+%$/)).toBeVisible();
  await form.getByRole('radio').nth(1).check();
  await form.getByRole('radio', { name: 'Not sure' }).check();
  const posted = page.waitForRequest((request) => request.method() === 'POST');
  await form.getByRole('button', { name: 'Submit Answer' }).click();
  expect((await posted).postData()).toContain('confidence=unsure');
  const verdict = page.getByTestId('review-verdict');
  await expect(verdict.getByText(/^(Correct!|Not quite right\.)$/)).toBeVisible();
  await expect(verdict.getByText(/^(This question comes back on \w+ \d+, \d{4}\.)$/)).toBeVisible();
  await page.getByTestId('review-next').click();
  await expect(page.getByTestId('review-question').or(page.getByTestId('review-done'))).toBeVisible();
  await context.close();
});

test('mastery moves on the module card as predicted recall three weeks on reaches 90%; administrators see the knowledge gaps', async ({
  browser,
  adminPage,
}) => {
  const { context, page } = await freshUserAt(browser, day(0, 30));
  const right = committedQuiz(1).questions.map((question) => ({
    questionId: question.id,
    selectedOptionId: question.options.find((option) => option.isCorrect)!.id,
  }));
  await postQuiz(page, 1, right);
  await page.goto('/');
  const card = page
    .getByTestId('module-card')
    .filter({ has: page.locator('[data-mastery]') })
    .first();
  await expect(page.locator('[data-mastery]').first()).toHaveAttribute('data-mastery', '0');
  await expect(page.locator('#mastery-definition')).toHaveText(
    'Mastery: the share of the questions whose predicted recall 21 days from now is at least 90%.',
  );
  await moveTo(context, day(3, 30));
  await postQuiz(page, 1, right);
  await moveTo(context, day(10, 30));
  await postQuiz(page, 1, right);
  await page.goto('/');
  const figures = await page
    .locator('[data-mastery]')
    .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-mastery'))));
  expect(Math.max(...figures)).toBeGreaterThan(0);
  await card.hover();
  await expect(card.getByRole('tooltip')).toBeVisible();
  await context.close();

  await adminPage.goto('/team-progress');
  const knowledge = adminPage.getByTestId('knowledge');
  await expect(knowledge.getByRole('heading', { name: 'Knowledge' })).toBeVisible();
  await expect(knowledge.getByText('Most missed questions, last 30 days')).toBeVisible();
  await expect(adminPage.getByTestId('team-table').getByRole('link', { name: /Mastery/ })).toBeVisible();
  expect(
    await axe(adminPage)
      .include('[data-testid="knowledge"]')
      .analyze()
      .then((r) => r.violations),
  ).toEqual([]);
});
