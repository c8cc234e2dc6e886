// The islands that hydrate on first use (docs/decisions.md "Reading pages without React"): the daily
// challenge card, the quiz, the coach and the sign-in form are rendered on the server as they will look,
// and what someone chooses, types or presses before their script has arrived is kept and acted on once
// it has. Each test holds the island's script back, as a slow connection does.
import type { Page } from '@playwright/test';
import { DEMO_USER } from '~/server/demo-accounts';
import { expect, signUpFresh, test } from './fixtures';

// Against `astro dev` each call goes through the platform emulation (hundreds of ms): allow for it.
test.slow();

/** Holds the island's built module (its prefetch and its import) until the returned function is called. */
async function holdIslandScript(page: Page, island: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/_astro/${island}.*.js`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The island's element: rendered on the server, waiting for its first use. */
const islandOf = (page: Page, island: string) => page.locator(`astro-island[component-url*="/${island}."]`);

async function expectWaitingForUse(page: Page, island: string): Promise<void> {
  await expect(islandOf(page, island)).toHaveAttribute('client', 'interaction');
  await expect(islandOf(page, island)).toHaveAttribute('ssr', '');
}

const hydrated = (page: Page, island: string) => expect(islandOf(page, island)).not.toHaveAttribute('ssr', { timeout: 30_000 });

test.describe('the daily challenge card', () => {
  test('an option and "Not sure" picked before hydration are kept and submitted', async ({ page }) => {
    await page.goto('/auth');
    await signUpFresh(page);
    const release = await holdIslandScript(page, 'DailyChallengeCard');
    await page.goto('/');
    await expectWaitingForUse(page, 'DailyChallengeCard');
    const card = page.getByTestId('daily-challenge');
    const submit = card.getByRole('button', { name: 'Submit Answer' });
    await expect(submit).toBeDisabled();
    const option = card.getByRole('radio').nth(1);
    const optionId = await option.getAttribute('value');
    await option.check();
    await card.getByRole('radio', { name: 'Not sure' }).check();
    release();
    await hydrated(page, 'DailyChallengeCard');
    await expect(option).toBeChecked();
    await expect(card.getByRole('radio', { name: 'Not sure' })).toBeChecked();
    await expect(submit).toBeEnabled();
    const posted = page.waitForRequest((request) => request.url().endsWith('/api/daily-challenge/complete'));
    await submit.click();
    expect((await posted).postDataJSON()).toMatchObject({ answerId: optionId, confidence: 'unsure' });
    await expect(card.getByText(/^(Correct!|Not quite right\.)$/)).toBeVisible({ timeout: 30_000 });
  });
});

test.describe('the quiz', () => {
  test('an answer picked before hydration is kept: Next goes on, and it is the one submitted', async ({ page }) => {
    await page.goto('/auth');
    await signUpFresh(page);
    const release = await holdIslandScript(page, 'QuizRunner');
    await page.goto('/quizzes/1');
    await expectWaitingForUse(page, 'QuizRunner');
    const picked = page.getByRole('radio').nth(1);
    const pickedId = await picked.getAttribute('value');
    await picked.check();
    release();
    await hydrated(page, 'QuizRunner');
    await expect(picked).toBeChecked();
    const total = Number(/of (\d+)/.exec((await page.getByText(/^Question 1 of \d+$/).textContent()) ?? '')?.[1]);
    for (let index = 1; index < total; index += 1) {
      await page.getByRole('button', { name: 'Next Question' }).click();
      await expect(page.getByText(`Question ${index + 1} of ${total}`, { exact: true })).toBeVisible();
      await page.getByRole('radio').first().check();
    }
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/quiz-results'));
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    const answers = (await posted).postDataJSON().answers as Array<{ selectedOptionId: string | null }>;
    expect(answers).toHaveLength(total);
    expect(answers[0]?.selectedOptionId).toBe(pickedId);
    // Out of `total`, or fewer when one of the questions is today's daily challenge (not graded yet).
    await expect(page.getByText(/^You got \d+ out of \d+ questions correct$/)).toBeVisible({ timeout: 30_000 });
  });
});

test.describe('the coach', () => {
  const result = (page: Page) => page.getByTestId('coach-result');
  const box = (page: Page) => page.getByLabel('Your sales situation');

  test('text typed and Enter pressed before hydration: the text is kept (no new line) and the coach replies', async ({
    userPage: page,
  }) => {
    const release = await holdIslandScript(page, 'SalesCoach');
    await page.goto('/sales-situations');
    await expectWaitingForUse(page, 'SalesCoach');
    await box(page).pressSequentially('budget', { delay: 10 });
    await box(page).press('Enter');
    await expect(result(page)).toHaveCount(0);
    release();
    await expect(result(page).getByRole('heading', { level: 2 })).toContainText('Budget Pushback', { timeout: 30_000 });
    await expect(page.getByTestId('coach-why')).toContainText('budget');
    await expect(box(page)).toHaveValue('budget');
  });

  test('text typed before hydration is kept, and Get Expert Coaching then replies', async ({ userPage: page }) => {
    const release = await holdIslandScript(page, 'SalesCoach');
    await page.goto('/sales-situations');
    await box(page).fill('They need to check with the decision maker first');
    release();
    await hydrated(page, 'SalesCoach');
    await expect(box(page)).toHaveValue('They need to check with the decision maker first');
    await page.getByRole('button', { name: 'Get Expert Coaching' }).click();
    await expect(result(page)).toBeVisible();
    await expect(page.getByTestId('coach-status')).toHaveText(/^Coaching for /);
  });

  test('a situation chosen before hydration is shown once it has', async ({ userPage: page }) => {
    const release = await holdIslandScript(page, 'SalesCoach');
    await page.goto('/sales-situations');
    const choice = page.getByTestId('sales-coach').getByRole('button', { name: 'Testing the Champion' });
    await choice.click();
    await expect(result(page)).toHaveCount(0);
    release();
    await expect(result(page).getByRole('heading', { level: 2 })).toContainText('Testing the Champion', { timeout: 30_000 });
    await expect(choice).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('coach-why')).toHaveText('You chose this situation.');
  });
});

test.describe('the sign-in form', () => {
  test('Sign in pressed before hydration waits for the island, which signs in', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const release = await holdIslandScript(page, 'SignInForm');
    await page.goto('/auth');
    await expectWaitingForUse(page, 'SignInForm');
    await page.getByLabel('Username').fill(DEMO_USER.username);
    await page.getByLabel('Password').fill(DEMO_USER.password);
    const apiLogin = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/login'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/auth$/);
    release();
    await apiLogin;
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toContainText(`Welcome back ${DEMO_USER.name}`);
    await context.close();
  });

  test('Sign in pressed while the island cannot load posts the plain form', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The module and Astro's retry of it (the same URL with a query).
    await page.route(/\/_astro\/SignInForm\.[\w-]+\.js(\?|$)/, (route) => route.abort());
    await page.goto('/auth');
    await page.getByLabel('Username').fill(DEMO_USER.username);
    await page.getByLabel('Password').fill(DEMO_USER.password);
    const formPost = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/auth');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(new URLSearchParams((await formPost).postData() ?? '').get('username')).toBe(DEMO_USER.username);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${DEMO_USER.name}!` })).toBeVisible();
    await context.close();
  });

  test('"Create an account" pressed before hydration switches the form once it has', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const release = await holdIslandScript(page, 'SignInForm');
    await page.goto('/auth');
    await page.getByRole('button', { name: 'New here? Create an account' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    release();
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByPlaceholder('Enter your full name')).toBeVisible();
    await context.close();
  });
});
