// GET /api/content-health (administrators only): the entries overdue for review or due soon, on a pinned
// clock (PARCELWISE_NOW, honoured in local runs only) so the test never depends on today's date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHealthResponseSchema } from '~/shared/api/content-health';
import { DEMO_ADMIN, DEMO_USER } from '~/server/demo-accounts';
import { contentFile } from '../support/content-fixture';
import { expectJson, messageOf, signIn, useTestApp, type ApiClient } from './harness';

const t = useTestApp({ signInAs: DEMO_ADMIN });
const PINNED = '2026-12-12T09:00:00Z';
const IN_PROCESS = !process.env['API_BASE_URL'];
let previous: string | undefined;
beforeAll(() => {
  previous = process.env['PARCELWISE_NOW'];
  process.env['PARCELWISE_NOW'] = PINNED;
});
afterAll(() => {
  if (previous === undefined) delete process.env['PARCELWISE_NOW'];
  else process.env['PARCELWISE_NOW'] = previous;
});

/** A minimal CSV reader (quoted cells, doubled quotes, CRLF). */
const csvRows = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((match) => match[1]!).slice(0, -1));

describe.skipIf(!IN_PROCESS)('content health API', () => {
  it('answers 401 signed out and 403 with its own message to a non-administrator', async () => {
    expect(await messageOf(await t.app.request('GET', '/api/content-health'), 401)).toBe('Not signed in');
    const user: ApiClient = await signIn(t.app, DEMO_USER);
    expect(await messageOf(await user.get('/api/content-health'), 403)).toBe('Content health is only accessible to administrators.');
    expect((await user.get('/api/content-health?format=csv')).status).toBe(403);
  });

  it('lists every overdue, reopened and due-soon entry on the pinned day, by review date, with owner, dates and link', async () => {
    const health = await expectJson(await t.client.get('/api/content-health'), 200, contentHealthResponseSchema);
    expect(health.today).toBe('2026-12-12');
    expect(health.soonDays).toBe(30);
    expect(health.checked).toBeGreaterThan(250);
    expect(health.rows.map((row) => row.reviewBy)).toEqual(health.rows.map((row) => row.reviewBy).sort());
    for (const row of health.rows) {
      // Overdue wins; then an entry a fact's review reopened; then one due within 30 days.
      expect(row.status).toBe(row.reviewBy < '2026-12-12' ? 'overdue' : row.reopenedBy.length > 0 ? 'needs-review' : 'due-soon');
      if (row.status === 'due-soon') expect(row.reviewBy <= '2027-01-11').toBe(true);
      for (const change of row.reopenedBy) expect(change.changedOn > row.lastReviewed).toBe(true);
    }
    expect(health.rows.some((row) => row.status === 'needs-review')).toBe(true);
    expect(health.rows.find((row) => row.collection === 'lessons' && row.id === '503')).toEqual({
      status: 'overdue',
      collection: 'lessons',
      kind: 'lesson',
      id: '503',
      title: 'Integrations: The Connected Stack',
      href: '/modules/5/lessons/503',
      file: contentFile('lessons', 503),
      owner: 'rafael-souza',
      ownerName: 'Rafael Souza',
      lastReviewed: '2026-06-01',
      reviewBy: '2026-12-01',
      daysLeft: -11,
      reopenedBy: expect.arrayContaining([
        { fact: 'crm-hubspot', title: 'HubSpot: what syncs, and which way', changedOn: '2026-12-02' },
        { fact: 'crm-dynamics-365', title: 'Microsoft Dynamics 365: contacts and leads only', changedOn: '2026-12-02' },
      ]),
    });
  });

  it('sorts by the asked column and rejects an unknown one naming the parameter', async () => {
    const byOwner = await expectJson(
      await t.client.get('/api/content-health?sort=ownerName&direction=descending'),
      200,
      contentHealthResponseSchema,
    );
    const names = byOwner.rows.map((row) => row.ownerName);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    expect(await messageOf(await t.client.get('/api/content-health?sort=password'), 400)).toMatch(/^sort: /);
    expect(await messageOf(await t.client.get('/api/content-health?format=xml'), 400)).toMatch(/^format: /);
    for (const hostile of ['__proto__', '../../', '%00', 'x'.repeat(300)]) {
      expect((await t.client.get(`/api/content-health?sort=${encodeURIComponent(hostile)}`)).status).toBe(400);
    }
  });

  it('exports the same rows as CSV, every text cell quoted, as a download', async () => {
    const [json, csv] = await Promise.all([
      expectJson(await t.client.get('/api/content-health'), 200, contentHealthResponseSchema),
      t.client.get('/api/content-health?format=csv'),
    ]);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="content-health-2026-12-12.csv"');
    const [header, ...rows] = csvRows(await csv.text());
    expect(header).toEqual([
      'status',
      'kind',
      'title',
      'owner',
      'ownerId',
      'lastReviewed',
      'reviewBy',
      'daysLeft',
      'link',
      'file',
      'reopenedBy',
    ]);
    expect(rows).toHaveLength(json.rows.length);
    for (const row of rows) {
      for (const [index, cell] of row.entries()) if (index !== 7) expect(cell, `${row.join(',')} cell ${index}`).toMatch(/^".*"$/);
      expect(row[7]).toMatch(/^-?\d+$/);
    }
    expect(rows[0]?.[8]).toBe(`"${t.app.origin}${json.rows[0]!.href}"`);
  });
});
