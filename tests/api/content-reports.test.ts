// Reports from readers over HTTP (docs/product.md "Reports from readers"): a report on a content page, one
// open per person and page, the administrators' list and closing, the line a page shows while a report is
// open, Content health's section with the median days to resolve, the forms without JavaScript, and every
// refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_REPORTS_DENIED,
  contentReportAnswerSchema,
  contentReportListSchema,
  type ContentReport,
} from '~/shared/api/content-reports';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { expectJson, messageOf, signIn, signUp, useTestApp, type ApiClient } from './harness';

const test = useTestApp();
let admin: ApiClient;
beforeAll(async () => {
  process.env['PARCELWISE_TEST_CLOCK'] = 'true';
  admin = await signIn(test.app, DEMO_ADMIN);
});
afterAll(() => {
  delete process.env['PARCELWISE_TEST_CLOCK'];
});

const report = (client: ApiClient, body: unknown, now?: string) =>
  client.request('POST', '/api/content-reports', { body, ...(now ? { headers: { 'x-parcelwise-now': now } } : {}) });
const close = (client: ApiClient, id: string, body: unknown, now?: string) =>
  client.request('POST', `/api/content-reports/${encodeURIComponent(id)}/close`, {
    body,
    ...(now ? { headers: { 'x-parcelwise-now': now } } : {}),
  });
const reported = async (client: ApiClient, body: unknown, now?: string): Promise<ContentReport> =>
  (await expectJson(await report(client, body, now), 201, contentReportAnswerSchema)).report;
const form = (client: ApiClient, path: string, fields: Record<string, string>) =>
  client.request('POST', path, {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
  });
const pageText = async (client: ApiClient, path: string) => {
  const response = await client.get(path);
  expect(response.status).toBe(200);
  return response.text();
};

describe('POST /api/content-reports', () => {
  it('stores a report on a content page: 201 with the report', async () => {
    const { client } = await signUp(test.app, 'Riley Reader');
    const body = await reported(client, { page: '/sales-kit/pricing', kind: 'outdated', note: '  The Growth tier changed in March.  ' });
    expect(body).toEqual({
      id: expect.any(String),
      page: '/sales-kit/pricing',
      kind: 'outdated',
      note: 'The Growth tier changed in March.',
      reporter: 'Riley Reader',
      createdAt: expect.any(String),
      status: 'open',
    });
  });

  it('takes one open report per person and page: a second is 409, another page or person is fine', async () => {
    const { client } = await signUp(test.app);
    await reported(client, { page: '/personas', kind: 'unclear', note: 'Which persona signs?' });
    expect(await messageOf(await report(client, { page: '/personas/', kind: 'wrong', note: 'Again' }), 409)).toBe(
      'You have already reported a problem on this page; it is still open. It stays open until an administrator closes it.',
    );
    await reported(client, { page: '/resources', kind: 'missing', note: 'No onboarding checklist' });
    await reported((await signUp(test.app)).client, { page: '/personas', kind: 'wrong', note: 'Title is wrong' });
  });

  it('refuses what is not a report, naming the field: 400', async () => {
    const { client } = await signUp(test.app);
    const refused = async (body: unknown) => messageOf(await report(client, body), 400);
    expect(await refused({ page: '/settings', kind: 'wrong', note: 'x' })).toBe('page: /settings is not a content page of the hub');
    expect(await refused({ page: '/no-such-page', kind: 'wrong', note: 'x' })).toBe('page: /no-such-page is not a content page of the hub');
    expect(await refused({ page: '/product', kind: 'typo', note: 'x' })).toBe('kind: kind must be wrong, outdated, unclear or missing');
    expect(await refused({ page: '/product', kind: 'wrong', note: 'x'.repeat(1001) })).toBe('note: note must be at most 1000 characters');
    expect(await refused({ page: '/product', kind: 'wrong', note: '   ' })).toBe('note: say what the problem is');
    expect(await refused({ page: '/product', kind: 'wrong' })).toBe('note: note is required');
    expect(await refused({ kind: 'wrong', note: 'x' })).toBe('page: page is required');
    expect(await refused({ page: '/product', kind: 'wrong', note: 'x', userId: 'someone' })).toBe('Unknown field: userId');
    expect(await messageOf(await client.request('POST', '/api/content-reports', { rawBody: '{' }), 400)).toBe(
      'Request body must be valid JSON',
    );
    // A note of exactly 1,000 characters is fine.
    await reported(client, { page: '/product', kind: 'wrong', note: 'x'.repeat(1000) });
  });

  it('answers 401 signed out', async () => {
    expect(await messageOf(await report(test.app.client(), { page: '/product', kind: 'wrong', note: 'x' }), 401)).toBe('Not signed in');
  });
});

describe('GET /api/content-reports and closing', () => {
  it('lists open and closed reports, newest first, for administrators; anybody else 403, signed out 401', async () => {
    const { client } = await signUp(test.app, 'Lee Lister');
    const older = await reported(client, { page: '/sales-kit/objections', kind: 'wrong', note: 'Older' }, '2031-05-01T09:00:00Z');
    const newer = await reported(client, { page: '/sales-kit/battlecards', kind: 'unclear', note: 'Newer' }, '2031-05-02T09:00:00Z');
    await close(admin, older.id, { reason: 'Fixed in #7' }, '2031-05-04T09:00:00Z');
    const { reports } = await expectJson(await admin.get('/api/content-reports'), 200, contentReportListSchema);
    const mine = reports.filter((entry) => entry.reporter === 'Lee Lister');
    expect(mine.map((entry) => entry.id)).toEqual([newer.id, older.id]);
    expect(mine[1]).toMatchObject({
      status: 'closed',
      closedAt: '2031-05-04T09:00:00.000Z',
      closedBy: expect.any(String),
      reason: 'Fixed in #7',
    });
    const dates = reports.map((entry) => entry.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());

    expect(await messageOf(await client.get('/api/content-reports'), 403)).toBe(CONTENT_REPORTS_DENIED);
    expect(await messageOf(await test.app.client().get('/api/content-reports'), 401)).toBe('Not signed in');
  });

  it('closes a report with a reason: 200; twice 409; unknown 404; no reason 400; anybody else 403', async () => {
    const { client } = await signUp(test.app);
    const open = await reported(client, { page: '/sales-kit/case-studies', kind: 'outdated', note: 'Old figures' });
    expect(await messageOf(await close(client, open.id, { reason: 'Mine' }), 403)).toBe(CONTENT_REPORTS_DENIED);
    expect(await messageOf(await close(client, open.id, {}), 403)).toBe(CONTENT_REPORTS_DENIED);
    expect(await messageOf(await close(admin, open.id, {}), 400)).toBe('reason: reason is required');
    expect(await messageOf(await close(admin, open.id, { reason: 'x'.repeat(501) }), 400)).toBe(
      'reason: reason must be at most 500 characters',
    );
    const { report: closed } = await expectJson(await close(admin, open.id, { reason: ' Fixed in #123 ' }), 200, contentReportAnswerSchema);
    expect(closed).toMatchObject({ id: open.id, status: 'closed', reason: 'Fixed in #123', closedBy: expect.any(String) });
    expect(await messageOf(await close(admin, open.id, { reason: 'Again' }), 409)).toBe('This report is closed already.');
    expect(await messageOf(await close(admin, '2020-01-01T00-00-00-000Z_00000000', { reason: 'x' }), 404)).toBe('Report not found');
    expect(await messageOf(await close(admin, 'not-an-id', { reason: 'x' }), 404)).toBe('Report not found');
    expect(await messageOf(await close(test.app.client(), open.id, { reason: 'x' }), 401)).toBe('Not signed in');
    // Closed, the reader may report on the page again.
    await reported(client, { page: '/sales-kit/case-studies', kind: 'outdated', note: 'Still old' });
  });
});

describe('the pages', () => {
  it('show others "A reader reported a problem here…" with the owner while a report is open, the reporter "You reported…"', async () => {
    const { client: reader } = await signUp(test.app);
    const { client: other } = await signUp(test.app);
    expect(await pageText(other, '/sales-kit/prospecting')).not.toContain('reported a problem here');
    expect(await pageText(other, '/sales-kit/prospecting')).toContain('Report a problem');
    const open = await reported(
      reader,
      { page: '/sales-kit/prospecting', kind: 'wrong', note: 'Step 3 is missing' },
      '2031-06-03T10:00:00Z',
    );
    const seen = await pageText(other, '/sales-kit/prospecting');
    expect(seen).toMatch(/A reader reported a problem here on <time datetime="2031-06-03">[^<]+<\/time>; [A-Z][^<]+ is\s+checking\./);
    expect(seen).toContain('action="/content-reports"');
    const own = await pageText(reader, '/sales-kit/prospecting');
    expect(own).toMatch(/You reported a problem here on/);
    expect(own).not.toContain('action="/content-reports"');
    await close(admin, open.id, { reason: 'Fixed in #9' });
    expect(await pageText(other, '/sales-kit/prospecting')).not.toContain('reported a problem here');
    // Not a content page: no form.
    expect(await pageText(other, '/settings')).not.toContain('action="/content-reports"');
  });

  it('Content health lists open reports with their age and owner, a Close form, and the median days to resolve beside its target', async () => {
    const { client } = await signUp(test.app, 'Casey Content');
    const first = await reported(
      client,
      { page: '/sales-kit/demo-scripts', kind: 'wrong', note: 'Wrong login URL' },
      '2031-07-01T09:00:00Z',
    );
    await close(admin, first.id, { reason: 'Fixed in #31' }, '2031-07-03T09:00:00Z');
    await reported(client, { page: '/sales-kit/it-security', kind: 'missing', note: 'No SOC 2 date' });
    const response = await admin.get('/content-health');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Reports from readers');
    expect(html).toMatch(/Median days to resolve: <strong>[\d.]+<\/strong> \(target ≤ 7\)/);
    expect(html).toContain('No SOC 2 date');
    expect(html).toContain('Casey Content');
    expect(html).toContain('action="/content-health/close-report"');
    expect(html).not.toContain('Wrong login URL');
  });
});

describe('the forms without JavaScript', () => {
  it('"Report a problem" posts, goes back to the page with a toast; a second report and a bad one say why', async () => {
    const { client } = await signUp(test.app);
    const fields = { page: '/sales-kit/outreach', kind: 'unclear', note: 'Which e-mail comes first?' };
    const sent = await form(client, '/content-reports', fields);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/sales-kit/outreach#report-a-problem');
    expect(await pageText(client, '/sales-kit/outreach')).toContain('Report sent');
    expect((await form(client, '/content-reports', fields)).status).toBe(303);
    expect(await pageText(client, '/sales-kit/outreach')).toContain('You have already reported a problem on this page');
    expect((await form(client, '/content-reports', { ...fields, page: '/sales-kit/pricing', kind: 'nope' })).status).toBe(303);
    expect(await pageText(client, '/sales-kit/pricing')).toContain('Report not sent');
    const elsewhere = await form(client, '/content-reports', { ...fields, page: 'https://evil.example/' });
    expect(elsewhere.headers.get('location')).toBe('/');
  });

  it('Content health’s Close form closes for administrators and sends anybody else to the Access Denied page', async () => {
    const { client } = await signUp(test.app);
    const open = await reported(client, { page: '/sales-kit/deal-templates', kind: 'outdated', note: 'Old template' });
    const refused = await form(client, '/content-health/close-report', { id: open.id, reason: 'Mine' });
    expect(refused.headers.get('location')).toBe('/content-health');
    const done = await form(admin, '/content-health/close-report', { id: open.id, reason: 'Fixed in #44' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/content-health#reader-reports');
    expect(await pageText(admin, '/content-health')).toContain('Report closed');
    const { reports } = await expectJson(await admin.get('/api/content-reports'), 200, contentReportListSchema);
    expect(reports.find((entry) => entry.id === open.id)).toMatchObject({ status: 'closed', reason: 'Fixed in #44' });
  });
});
