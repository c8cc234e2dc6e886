// Reports from readers (docs/product.md "Reports from readers"), through the pages: a reader opens "Report a
// problem" at the foot of a content page and sends the form (without JavaScript: it posts and comes back),
// gets the "Report sent" toast and the quiet line instead of the form; another reader sees "A reader reported
// a problem here…" with the form still there; an administrator finds the report on Content health and closes
// it with a reason, after which the reader may report again.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, holdTimers, signUpFresh, test } from './fixtures';

const PAGE = '/sales-kit/case-studies';
const DATE = '[A-Z][a-z]+ \\d{1,2}, \\d{4}';

async function freshReader(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto('/auth');
  await signUpFresh(page, 'Riley Reader');
  return page;
}

test('a reader reports a problem through the page, sees the quiet line, and an administrator closes it', async ({ browser, adminPage }) => {
  const note = `The Harbor Point figures are from last year (${randomUUID().slice(0, 8)})`;
  const reader = await freshReader(browser, false);
  await reader.goto(PAGE);
  const section = reader.getByTestId('report-a-problem');
  await expect(section).toBeVisible();
  await section.getByText('Report a problem', { exact: true }).click();
  await section.getByRole('radio', { name: 'It is out of date' }).check();
  await section.getByRole('textbox', { name: 'Note' }).fill(note);
  // The toast comes with the next page and leaves after 5 s: that page's timers stand still until it has been read.
  await holdTimers(reader);
  await section.getByRole('button', { name: 'Send' }).click();

  await expect(reader).toHaveURL(new RegExp(`${PAGE}#report-a-problem$`));
  const toast = reader.getByTestId('toasts');
  await expect(toast).toContainText('Report sent');
  await expect(toast).toContainText('Thank you: the person who keeps this page true will check it.');
  await reader.clock.resume();
  await expect(reader.getByTestId('report-open-note')).toHaveText(
    new RegExp(`^You reported a problem here on ${DATE}; .+ is\\s+checking\\.$`),
  );
  await expect(reader.getByTestId('report-form')).toHaveCount(0);

  const other = await freshReader(browser, true);
  await other.goto(PAGE);
  await expect(other.getByTestId('report-open-note')).toHaveText(
    new RegExp(`^A reader reported a problem here on ${DATE}; .+ is\\s+checking\\.$`),
  );
  await expect(other.getByTestId('report-a-problem').getByText('Report a problem', { exact: true })).toBeVisible();

  await adminPage.goto('/content-health');
  const row = adminPage.getByTestId('reader-report-row').filter({ hasText: note });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('rowheader')).toContainText('Case Studies');
  await expect(row).toContainText('It is out of date');
  await expect(row).toContainText('Riley Reader');
  await expect(row).toContainText('0 days');
  await row.getByRole('textbox', { name: 'Reason for closing' }).fill('Fixed in #123');
  // The toast comes with the next page and leaves after 5 s: that page's timers stand still until it has been read.
  await holdTimers(adminPage);
  await row.getByRole('button', { name: 'Close' }).click();
  await expect(adminPage).toHaveURL(/\/content-health#reader-reports$/);
  await expect(adminPage.getByTestId('toasts')).toContainText('Report closed');
  await adminPage.clock.resume();
  await expect(adminPage.getByTestId('reader-report-row').filter({ hasText: note })).toHaveCount(0);

  await reader.goto(PAGE);
  await expect(reader.getByTestId('report-form')).toHaveCount(1);
  await reader.context().close();
  await other.context().close();
});

test('a second report on the same page is refused with why, and a page that is not a content page has no form', async ({ browser }) => {
  const reader = await freshReader(browser, true);
  const send = async (note: string) => {
    const response = await reader.request.post('/content-reports', {
      form: { page: '/sales-kit/objections', kind: 'unclear', note },
      headers: { Origin: new URL(reader.url()).origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
  };
  await send('Which objection comes first?');
  await send('And this one?');
  // The toast leaves after 5 s: the page's timers stand still until it has been read.
  await holdTimers(reader);
  await reader.goto('/sales-kit/objections');
  const toast = reader.getByTestId('toasts');
  await expect(toast).toContainText('Report not sent');
  await expect(toast).toContainText('You have already reported a problem on this page; it is still open.');
  await reader.clock.resume();
  await reader.goto('/settings');
  await expect(reader.getByTestId('report-a-problem')).toHaveCount(0);
  await reader.context().close();
});
