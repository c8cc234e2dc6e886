// POST /api/track-visit cannot inflate the figures (docs/decisions.md "Team progress"): only paths of real
// pages, a repeat of the same visit (page and kind, whatever the tab) within 10 seconds is not counted, tab
// ids of letters, digits, '-' and '_', at most 120 visits a minute.
import { describe, expect, it } from 'vitest';
import { teamProgressResponseSchema } from '~/shared/api/team';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { expectJson, messageOf, signIn, signUp, useTestApp } from './harness';
import { journalKeysOf } from './stored-keys';

const t = useTestApp();

const visit = (overrides: Record<string, unknown> = {}) => ({
  pagePath: '/company-overview',
  tabId: null,
  timeSpent: null,
  exitPage: null,
  visitDate: new Date().toISOString(),
  ...overrides,
});

async function pagesVisited(userId: string): Promise<number> {
  const admin = await signIn(t.app, DEMO_ADMIN);
  const rows = await expectJson(await admin.get('/api/team-progress'), 200, teamProgressResponseSchema);
  return rows.find((row) => row.id === userId)?.pagesVisited ?? -1;
}

describe('POST /api/track-visit', () => {
  it.each([
    '/no/such/page',
    '/modules/999999',
    '/modules/1/lessons/999999',
    '/personas/0',
    '/quizzes/abc',
    '/api/user',
    '/auth',
    '/_astro/x.js',
    '/content-management',
  ])('answers 400 naming the field for %s, a path that is no page of the site', async (pagePath) => {
    const { client } = await signUp(t.app);
    expect(await messageOf(await client.post('/api/track-visit', visit({ pagePath })), 400)).toBe('pagePath: not a page of this site');
  });

  it('300 visits to an unknown page change nothing', async () => {
    const { client, user } = await signUp(t.app);
    const responses = await Promise.all(
      Array.from({ length: 300 }, () => client.post('/api/track-visit', visit({ pagePath: '/no/such/page' }))),
    );
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([400]));
    expect(await pagesVisited(user.id)).toBe(0);
  }, 240_000);

  it('accepts real pages with ids, and trailing slashes', async () => {
    const { client, user } = await signUp(t.app);
    const lesson = ((await (await client.get('/api/modules/1')).json()) as { content: Array<{ id: number }> }).content[0]!.id;
    for (const pagePath of [
      '/modules/1',
      `/modules/1/lessons/${lesson}`,
      '/buyer-segments/8',
      '/personas/1',
      '/quizzes/1',
      '/industry-knowledge/',
      '/',
    ])
      expect((await client.post('/api/track-visit', visit({ pagePath }))).status).toBe(204);
    expect(await pagesVisited(user.id)).toBe(7);
  });

  it('counts a repeat of the same visit within 10 seconds once (entries, tabs and exits apart)', async () => {
    const { client, user } = await signUp(t.app);
    for (let i = 0; i < 5; i++) expect((await client.post('/api/track-visit', visit({ pagePath: '/product' }))).status).toBe(204);
    expect((await client.post('/api/track-visit', visit({ pagePath: '/product/' }))).status).toBe(204); // same page
    expect((await client.post('/api/track-visit', visit({ pagePath: '/product', exitPage: 'navigation' }))).status).toBe(204);
    expect((await client.post('/api/track-visit', visit({ pagePath: '/resources' }))).status).toBe(204);
    expect(await pagesVisited(user.id)).toBe(2);
  });

  it.skipIf(process.env['API_BASE_URL'] !== undefined)(
    'counts tab changes of one page within 10 seconds once, whatever tab ids they name (made-up ones included)',
    async () => {
      const { client, user } = await signUp(t.app);
      for (const tabId of ['team', 'history', 'x1', 'x2', 'x3', 'made-up-tab-0042', 'team']) {
        expect((await client.post('/api/track-visit', visit({ pagePath: '/company-overview', tabId }))).status).toBe(204);
      }
      expect((await client.post('/api/track-visit', visit({ pagePath: '/product', tabId: 'features' }))).status).toBe(204);
      const tabChanges = (await journalKeysOf(t.app, user.id)).filter((key) => key.endsWith('.tab'));
      expect(tabChanges).toHaveLength(2); // one on each page
    },
  );

  it.each([
    ['a tab', "tabId must be letters, digits, '-' or '_'"],
    ['tab/../x', "tabId must be letters, digits, '-' or '_'"],
    ['tab\u202e', "tabId must be letters, digits, '-' or '_'"],
    ['', 'tabId: tabId must not be empty'],
    ['t'.repeat(65), 'tabId must be at most 64 characters'],
  ])('answers 400 for the tab id %j', async (tabId, message) => {
    const { client } = await signUp(t.app);
    expect(await messageOf(await client.post('/api/track-visit', visit({ tabId })), 400)).toContain(message);
  });

  it('de-duplicates simultaneous repeats too', async () => {
    const { client, user } = await signUp(t.app);
    const responses = await Promise.all(Array.from({ length: 20 }, () => client.post('/api/track-visit', visit({ pagePath: '/quizzes' }))));
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 204));
    expect(await pagesVisited(user.id)).toBe(1);
  });

  it('caps a user at 120 visits a minute: the rest answer 429 with Retry-After, and are not counted', async () => {
    const { client, user } = await signUp(t.app);
    for (let i = 0; i < 120; i++) {
      const response = await client.post('/api/track-visit', visit({ pagePath: '/company-overview', tabId: `tab-${i}` }));
      expect(response.status).toBe(204);
    }
    const refused = await client.post('/api/track-visit', visit({ pagePath: '/company-overview', tabId: 'tab-120' }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await messageOf(refused)).toBe('Too many visits recorded. Please slow down.');
    expect((await client.post('/api/track-visit', visit({ pagePath: '/product' }))).status).toBe(429);
    expect(await pagesVisited(user.id)).toBe(0); // tab changes are not pages visited, and the entry was refused
  }, 240_000);

  it('lets at most 120 of 150 simultaneous visits through', async () => {
    const { client } = await signUp(t.app);
    const responses = await Promise.all(
      Array.from({ length: 150 }, (_, i) => client.post('/api/track-visit', visit({ pagePath: '/company-overview', tabId: `tab-${i}` }))),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(120);
    expect(statuses.filter((status) => status !== 204 && status !== 429)).toEqual([]);
  }, 240_000);
});
