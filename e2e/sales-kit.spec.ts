// The Sales Kit (/sales-kit): reached from the sidebar's Sales section, every part on its own page,
// the server-side filters (with and without JavaScript), the links from personas, segments, the coach
// and the resources (axe on its pages: e2e/a11y.spec.ts).
import { expect, test } from './fixtures';
import { STORAGE } from './global-setup';

const NAV = { timeout: 30_000 };

const PARTS: Array<[string, string, string]> = [
  ['Discovery Questions', '/sales-kit/discovery-questions', 'Discovery Questions'],
  ['Objection Library', '/sales-kit/objections', 'Objection Library'],
  ['Pricing and Packaging', '/sales-kit/pricing', 'Pricing and Packaging'],
  ['Case Studies', '/sales-kit/case-studies', 'Case Studies'],
  ['IT and Security Fact Sheet', '/sales-kit/it-security', 'IT and Security Fact Sheet'],
  ['Demo Scripts', '/sales-kit/demo-scripts', 'Demo Scripts by Buying Role'],
  ['Prospecting Sequences', '/sales-kit/prospecting', 'Prospecting Sequences'],
  ['Calls and E-mails', '/sales-kit/outreach', 'Calls and E-mails'],
  ['Battlecards', '/sales-kit/battlecards', 'Battlecards'],
  ['Deal Templates', '/sales-kit/deal-templates', 'Deal Templates'],
];

test('the sidebar opens the Sales Kit, which links every part to its page', async ({ userPage: page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Sales Kit', exact: true }).click();
  await expect(page).toHaveURL(/\/sales-kit$/, NAV);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sales Kit');
  await expect(nav.getByRole('link', { name: 'Sales Kit', exact: true })).toHaveAttribute('aria-current', 'page');
  const parts = page.getByRole('list', { name: 'Parts of the Sales Kit' });
  await expect(parts.getByTestId('kit-part')).toHaveCount(PARTS.length);
  for (const [label, href, heading] of PARTS) {
    await page.goto('/sales-kit');
    await parts.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`), NAV);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    // A part keeps the Sales Kit entry of the sidebar highlighted.
    await expect(nav.getByRole('link', { name: 'Sales Kit', exact: true })).toHaveAttribute('aria-current', 'page');
  }
});

test('a persona page links its own discovery questions, objections and prospecting sequence', async ({ userPage: page }) => {
  await page.goto('/personas/3');
  await page.getByTestId('persona-discovery-link').click();
  await expect(page).toHaveURL(/\/sales-kit\/discovery-questions\?persona=3$/, NAV);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discovery questions for Priya Raman');
  const questions = page.getByTestId('discovery-question');
  expect(await questions.count()).toBeGreaterThanOrEqual(3);
  for (const question of await questions.all()) await expect(question.getByRole('link', { name: 'Priya Raman' })).toBeVisible();

  await page.goto('/personas/3');
  await page.getByTestId('persona-objections-link').click();
  await expect(page).toHaveURL(/\/sales-kit\/objections\?persona=3$/, NAV);
  expect(await page.getByTestId('objection').count()).toBeGreaterThanOrEqual(2);

  await page.goto('/personas/3');
  await page.getByTestId('persona-prospecting-link').click();
  await expect(page).toHaveURL(/\/sales-kit\/prospecting\?persona=3$/, NAV);
  const sequence = page.getByTestId('prospecting-sequence');
  await expect(sequence).toHaveCount(1);
  await expect(sequence.getByTestId('prospecting-touch')).toHaveCount(3);
});

test('the objection library filters on the server, without JavaScript, and the coach links to it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: STORAGE.user });
  const page = await context.newPage();
  try {
    await page.goto('/sales-situations');
    await page.getByTestId('coach-objections-link').click();
    await expect(page).toHaveURL(/\/sales-kit\/objections$/, NAV);
    const all = await page.getByTestId('objection').count();
    expect(all).toBeGreaterThanOrEqual(25);
    const filter = page.getByRole('form', { name: 'Filter objections' });
    await filter.getByLabel('Coach situation').selectOption('budget-pushback');
    await filter.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/situation=budget-pushback/, NAV);
    const shown = page.getByTestId('objection');
    const count = await shown.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(all);
    await expect(page.getByTestId('kit-filter-count')).toHaveText(`Showing ${count} of ${all} objections`);
    for (const objection of await shown.all()) await expect(objection.getByRole('link', { name: 'Budget Pushback' })).toBeVisible();
    await filter.getByRole('link', { name: 'Show all' }).click();
    await expect(page.getByTestId('objection')).toHaveCount(all);
  } finally {
    await context.close();
  }
});

test('segment pages list their case studies, which open on the case studies page', async ({ userPage: page }) => {
  await page.goto('/buyer-segments/11');
  const section = page.getByTestId('segment-case-studies');
  await section.getByRole('link', { name: /^Larchfield Property Management/ }).click();
  await expect(page).toHaveURL(/\/sales-kit\/case-studies#case-larchfield-property-management$/, NAV);
  const study = page.locator('#case-larchfield-property-management');
  await expect(study).toBeInViewport();
  expect(await study.getByTestId('case-study-result').count()).toBeGreaterThanOrEqual(2);
  await expect(study.getByRole('blockquote')).toBeVisible();
  expect(await page.getByTestId('case-study').count()).toBeGreaterThanOrEqual(4);
});

test('pricing names who approves each discount; the IT sheet gives true statuses', async ({ userPage: page }) => {
  await page.goto('/sales-kit/pricing');
  expect(await page.getByTestId('package').count()).toBeGreaterThanOrEqual(3);
  const discounts = page.getByRole('region', { name: 'Table: discounts, when and who approves' });
  await expect(discounts).toContainText('Sofia Ramirez');
  await expect(discounts).toContainText('The account executive');
  await expect(page.getByRole('main')).not.toContainText(/\$\s?\d/);

  await page.goto('/sales-kit/it-security');
  const items = page.getByTestId('it-item');
  await expect(items.filter({ hasText: 'Single sign-on (SSO)' })).toContainText('OpenID Connect');
  await expect(items.filter({ hasText: 'Single sign-on (SSO)' })).toContainText('Available');
  await expect(items.filter({ hasText: /^SOC 2 Type II/ })).toContainText('In progress');
});

test('the field assets: scripts and e-mails by kind, dated battlecards, and a deal template downloaded as a file', async ({
  userPage: page,
}) => {
  await page.goto('/sales-kit/outreach');
  await expect(page.getByTestId('outreach').filter({ hasText: 'Voicemail' }).first()).toBeVisible();
  await expect(page.getByTestId('outreach').filter({ hasText: 'Break-up e-mail' })).toContainText('Subject:');

  await page.goto('/sales-kit/battlecards');
  const cards = page.getByTestId('battlecard');
  await expect(cards).toHaveCount(6);
  for (const card of await cards.all()) await expect(card).toContainText(/as of \d{4}-\d{2}-\d{2}/);
  await expect(cards.filter({ hasText: 'Ledgerhall Data Rooms' })).toContainText('SOC 2 Type II audit is in progress');

  await page.goto('/sales-kit/deal-templates');
  const download = page.waitForEvent('download');
  await page
    .getByTestId('deal-template')
    .filter({ has: page.getByRole('heading', { name: 'Mutual action plan' }) })
    .getByRole('link', { name: /^Download the filled example/ })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('parcelwise-mutual-action-plan.md');
});

test('the Harborline case study resource opens in the hub; internal resources say how to get them', async ({ userPage: page }) => {
  await page.goto('/resources');
  const card = page.locator('[data-resource-id="harborline-leasing-case-study"]');
  await card.getByRole('link', { name: /^View Resource/ }).click();
  await expect(page).toHaveURL(/\/sales-kit\/case-studies#case-harborline-commercial$/, NAV);
  await page.goto('/resources?tab=sales-resources');
  const internal = page.getByRole('tabpanel', { name: 'Sales Resources' }).getByTestId('resource-internal');
  expect(await internal.count()).toBeGreaterThan(0);
  await expect(internal.first()).toContainText('Internal');
});
