// Practice end to end: a rep types a good answer to a scenario and sees each rubric item found (with the
// words that showed it) or missed (with a link to what teaches it), and sends it for review; records an
// answer to another scenario with Chromium's fake microphone, plays it back and sends it; an administrator
// sees the attempts waiting and passes the recording; the rep then sees it passed and the review.
import { randomUUID } from 'node:crypto';
import { expect, signUpFresh, test } from './fixtures';

const TYPED = {
  id: 'cold-call-opener-marketing-manager',
  answer:
    "Thanks for picking up, Nathan. It's Sam from Parcelwise, and I'll keep it to two minutes. I emailed on Monday about " +
    'launching a listing from one record. How long does it take Castlegate today, from signed assignment to live on your site? ' +
    'Would 20 minutes on Thursday at 10 work, with one of your own listings?',
};
const RECORDED = { id: 'demo-opening-decision-maker', title: 'The first two minutes of a decision-maker demo' };

test('typed and recorded answers, sent, reviewed and passed', async ({ page, adminPage }) => {
  test.slow();
  const repName = `Practice Rep ${randomUUID().slice(0, 6)}`;
  await page.goto('/auth');
  const rep = await signUpFresh(page, repName);
  // The AE program asks for the recorded scenario: its item, and the way to the certificate, move when it passes.
  const assigned = await adminPage.request.post('/api/program-assignments', {
    data: { username: rep.username, programId: 'account-executive-onboarding' },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(assigned.status(), await assigned.text()).toBe(201);
  await page.goto('/plan');
  const practiceItem = page.locator(`[data-item-id="practice-${RECORDED.id}"]`);
  await expect(practiceItem).not.toHaveAttribute('data-status', 'done');
  const countsBefore = await page.getByTestId('plan-counts').innerText();
  const doneBefore = Number(/^(\d+) of/.exec(countsBefore)?.[1]);

  // Typed: feedback per item, never one number.
  await page.goto(`/practice/${TYPED.id}`);
  await expect(page.getByTestId('buyer-line')).toContainText('Nathan Greer');
  await page.getByRole('textbox', { name: 'Your answer' }).fill(TYPED.answer);
  await expect(page.getByText(`${TYPED.answer.length} / 5000 characters`)).toBeVisible();
  await page.getByRole('button', { name: 'Check my answer' }).click();
  const feedback = page.getByTestId('practice-feedback');
  await expect(feedback).toBeVisible();
  const named = feedback.locator('[data-item="names-self-and-email"]');
  await expect(named.getByText('Found', { exact: true })).toBeVisible();
  await expect(named.getByTestId('feedback-evidence')).toContainText('“');
  const missed = feedback.locator('[data-item="quotes-result-exactly"]');
  await expect(missed.getByText('Not found', { exact: true })).toBeVisible();
  await expect(missed.getByTestId('feedback-teaches')).toHaveAttribute('href', /^\/modules\/\d+\/lessons\/307$/);
  await expect(feedback.locator('[data-item="lets-him-answer"]')).toContainText('Judged by your reviewer');
  await page.getByTestId('self-check').getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Send for review' }).click();
  await page.waitForURL(/\/practice\/attempts\//, { timeout: 20_000 });
  await expect(page.getByTestId('attempt-status')).toHaveText('Waiting for review');
  await expect(page.getByTestId('model-answer')).toBeVisible();

  // Recorded with the fake microphone: about 3 s, stopped, played back, sent.
  await page.goto(`/practice/${RECORDED.id}`);
  await page.getByRole('button', { name: 'Record instead' }).click();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recorder-status')).toHaveText('Recording started');
  await expect(page.getByTestId('recorder-level')).toBeVisible();
  await page.waitForTimeout(3_000); // the recording's length
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('recorder-status')).toHaveText(/^Recording stopped, 0:0\d$/);
  await expect(page.getByTestId('recording-playback')).toBeVisible();
  await page.getByRole('button', { name: 'Send recording' }).click();
  await page.waitForURL(/\/practice\/attempts\//, { timeout: 20_000 });
  const recordedUrl = page.url();
  await expect(page.getByTestId('attempt-audio')).toBeVisible();
  await expect(page.getByTestId('attempt-status')).toHaveText(/^Draft/);
  await page.getByTestId('draft-form').getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByTestId('attempt-status')).toHaveText('Waiting for review');

  // The administrator: the count waiting, then the recording reviewed with every item yes.
  await adminPage.goto('/practice/reviews');
  const rows = adminPage.getByTestId('waiting-attempt');
  const badge = adminPage.getByTestId('sidebar-badge-practiceWaiting');
  await expect(badge).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThanOrEqual(2);
  await expect(badge).toContainText(String(count));
  await expect(adminPage.getByTestId('practice-waiting-count')).toContainText(`${count} attempts are waiting`);
  const row = rows.filter({ hasText: repName }).filter({ hasText: RECORDED.title });
  await row.getByRole('link', { name: /^Review/ }).click();
  await expect(adminPage).toHaveURL(recordedUrl);
  await expect(adminPage.getByTestId('attempt-audio')).toBeVisible();
  const items = adminPage.getByTestId('review-item');
  for (let index = 0; index < (await items.count()); index++) await items.nth(index).getByLabel('Yes').check();
  await adminPage.getByLabel(/^Comment for/).fill('Clear and short: well done.');
  await adminPage.getByRole('button', { name: 'Save review' }).click();
  await adminPage.waitForURL(/\/practice\/reviews\?reviewed=1$/);
  await expect(adminPage.getByTestId('toasts')).toContainText('Review saved');
  await expect(adminPage.getByTestId('waiting-attempt').filter({ hasText: repName }).filter({ hasText: RECORDED.title })).toHaveCount(0);

  // The rep: passed on /practice, and the review on the attempt's page.
  await page.goto('/practice');
  const scenario = page.getByTestId('practice-scenario').filter({ hasText: RECORDED.title });
  await expect(scenario.getByTestId('practice-state')).toHaveText(/^Passed on /);
  await page.goto(recordedUrl);
  await expect(page.getByTestId('attempt-status')).toHaveText('Passed');
  const review = page.getByTestId('attempt-review');
  await expect(review).toContainText('Review: Passed');
  await expect(review).toContainText('Clear and short: well done.');
  await expect(review.getByTestId('review-mark').first()).toContainText('Yes');

  // The plan: the practice item done, one more required item towards the certificate.
  await page.goto('/plan');
  await expect(practiceItem).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('plan-counts')).toContainText(`${doneBefore + 1} of `);
});

test('an attempt is its owner’s: somebody else gets the 404 page', async ({ page, userPage }) => {
  await page.goto('/auth');
  await signUpFresh(page, 'Practice Owner');
  const created = await page.request.post('/api/practice/attempts', {
    data: { scenarioId: TYPED.id, text: TYPED.answer },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const response = await userPage.goto(`/practice/attempts/${id}`);
  expect(response?.status()).toBe(404);
});
