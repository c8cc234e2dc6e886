// The search log and the pages nobody visits (docs/product.md "Search", "Content health"): every search of
// GET /api/search and the /search page is logged after its answer without who made it, a run of typing
// counts once, POST /api/search/opened logs the result opened; GET /api/content-health (JSON) shows the
// queries of the last 30 days that found nothing with what to do, the zero-result rate beside its target,
// and the reading pages without a visit in 90 days. Every request says what time it is (the test clock),
// so nothing depends on today's date. In process only: the test clock and the log are read in this process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHealthResponseSchema } from '~/shared/api/content-health';
import { backgroundWorkDone } from '~/server/background';
import { DEMO_ADMIN, DEMO_USER } from '~/server/demo-accounts';
import { searchLog } from '~/server/search/storage/search-log';
import { listKeys } from '~/server/storage/blobs';
import { expectJson, messageOf, signIn, type ApiClient, useTestApp } from './harness';

const inProcess = process.env['API_BASE_URL'] === undefined;
const t = useTestApp({ signInAs: DEMO_ADMIN });
let learner: ApiClient;
beforeAll(async () => {
  process.env['PARCELWISE_TEST_CLOCK'] = 'true';
  learner = await signIn(t.app, DEMO_USER);
});
afterAll(() => {
  delete process.env['PARCELWISE_TEST_CLOCK'];
});

const NOW = Date.parse('2031-03-15T12:00:00.000Z');
const DAY_MS = 24 * 60 * 60_000;
/** An ISO time `days` before NOW, plus some minutes. */
const at = (days: number, minutes = 0) => new Date(NOW - days * DAY_MS + minutes * 60_000).toISOString();
const TODAY = '2031-03-15';

const call = (client: ApiClient, method: string, path: string, time: string, body?: unknown) =>
  client.request(method, path, { headers: { 'x-parcelwise-now': time }, ...(body === undefined ? {} : { body }) });
const searchAt = async (q: string, time: string, typing?: string) => {
  const response = await call(learner, 'GET', `/api/search?q=${encodeURIComponent(q)}${typing ? `&typing=${typing}` : ''}`, time);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Record<string, Array<{ id: number | string; href?: string }>>;
};
const usageAt = async (time: string) => {
  await backgroundWorkDone();
  return (await expectJson(await call(t.client, 'GET', '/api/content-health', time), 200, contentHealthResponseSchema)).usage;
};
/** The links the header box shows for a term's hits, in answer order. */
const hrefsOf = (answer: Record<string, Array<{ id: number | string; href?: string }>>) =>
  Object.entries(answer).flatMap(([group, hits]) => hits.map((hit) => hit.href ?? `/${group}/${hit.id}`));

describe.skipIf(!inProcess)('the search log', () => {
  it('counts each search of the last 30 days, a run of typing once, and lists those that found nothing, newest first', async () => {
    expect(hrefsOf(await searchAt('qxzlow', at(10)))).toEqual([]);
    expect(hrefsOf(await searchAt('NOI', at(10, 1))).length).toBeGreaterThan(0);
    await searchAt('qxzlow', at(40)); // older than 30 days
    // A run of typing in the header box settles on "qxzlowy"; Enter then shows it on /search.
    for (const [minute, q] of [
      [0, 'qxz'],
      [1, 'qxzlo'],
      [2, 'qxzlowy'],
    ] as const)
      await searchAt(q, at(0, minute), 'run0000001');
    const page = await call(learner, 'GET', '/search?q=qxzlowy', at(0, 2.5));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('No results found');
    await searchAt('Qxzlow!', at(0, 5)); // the same query, normalised
    await searchAt('a', at(0, 6)); // too short: not searched, not logged
    await searchAt('   ', at(0, 7));

    const { searches, asOf } = await usageAt(at(0, 10));
    expect(asOf).toBe(TODAY);
    expect(searches).toMatchObject({ days: 30, searches: 4, zeroResults: 3, zeroResultRate: 0.75, target: 0.05 });
    expect(searches.foundNothing).toEqual([
      { query: 'qxzlow', count: 2, lastSearched: TODAY, nowFinds: 0, action: 'write', closest: null },
      { query: 'qxzlowy', count: 1, lastSearched: TODAY, nowFinds: 0, action: 'write', closest: null },
    ]);
  });

  it("counts a person's term once a day however often it is sent, so nobody can fill the list by repeating it", async () => {
    // The attack: GET /api/search repeated to push a term up "searched, found nothing".
    const sent = await Promise.all(Array.from({ length: 20 }, (_, n) => call(learner, 'GET', '/api/search?q=qxzflood', at(1, n / 10))));
    expect(sent.map((response) => response.status)).toEqual(Array(20).fill(200));
    for (let n = 0; n < 5; n++) await searchAt('qxzflood', at(1, 5 + n));
    const admin = await call(t.client, 'GET', '/api/search?q=qxzflood', at(1, 20));
    expect(admin.status).toBe(200);
    const { searches } = await usageAt(at(0, 15));
    expect(searches.foundNothing.find((row) => row.query === 'qxzflood')).toMatchObject({ count: 2, lastSearched: '2031-03-14' });
  });

  it('says to add a synonym when some of the words find a page, naming the closest one', async () => {
    await searchAt('yardi qxzlow', at(2));
    const { searches } = await usageAt(at(0, 20));
    const row = searches.foundNothing.find((candidate) => candidate.query === 'yardi qxzlow');
    expect(row).toMatchObject({ count: 1, lastSearched: '2031-03-13', nowFinds: 0, action: 'synonym' });
    expect(hrefsOf(await searchAt('yardi', at(0, 21)))).toContain(row?.closest?.href);
    expect(searches.foundNothing.map((candidate) => candidate.lastSearched)).toEqual(
      [...searches.foundNothing.map((candidate) => candidate.lastSearched)].sort().reverse(),
    );
  });

  it('logs a result opened from a search, without who opened it', async () => {
    const href = hrefsOf(await searchAt('NOI', at(0, 30)))[0]!;
    expect((await call(learner, 'POST', '/api/search/opened', at(0, 31), { q: 'NOI', href, typing: 'run0000002' })).status).toBe(204);
    const opened = (await searchLog.eventsOf(TODAY)).filter((event) => event.kind === 'opened');
    expect(opened.map(({ id: _id, at: time, ...event }) => ({ ...event, at: time.toISOString() }))).toEqual([
      { kind: 'opened', typing: 'run0000002', query: 'noi', href, at: at(0, 31) },
    ]);
    const { id: userId } = (await (await learner.get('/api/user')).json()) as { id: string };
    const keys = await listKeys('search-log/');
    expect(keys.length).toBeGreaterThan(5);
    for (const logged of keys) {
      expect(logged).not.toContain(userId);
      expect(Buffer.from(logged.split('/').slice(3).join(''), 'base64url').toString()).not.toContain(DEMO_USER.username.split('@')[0]);
    }
  });

  it('refuses a link that is not a result of the term, a link off the site and bad fields, naming the field', async () => {
    const opened = (body: unknown) => call(learner, 'POST', '/api/search/opened', at(0, 40), body);
    expect(await messageOf(await opened({ q: 'NOI', href: '/modules/999' }), 400)).toBe('href: not a result of this search');
    expect(await messageOf(await opened({ q: 'NOI', href: '//evil.example/x' }), 400)).toBe('href: must be a path of this site');
    expect(await messageOf(await opened({ q: 'NOI', href: 'https://evil.example/' }), 400)).toBe('href: must be a path of this site');
    expect(await messageOf(await opened({ q: 'NOI', href: `/${'x'.repeat(200)}` }), 400)).toBe('href: must be at most 200 characters');
    expect(await messageOf(await opened({ q: '', href: '/modules/1' }), 400)).toBe('q: must not be empty');
    expect(await messageOf(await opened({ q: 'NOI', href: '/modules/1', typing: 'Not A Run' }), 400)).toBe(
      'typing: must be 8 to 24 lower-case letters or digits',
    );
    expect(await messageOf(await opened({ q: 'NOI', href: '/modules/1', who: 'me' }), 400)).toBe('Unknown field: who');
    expect(await messageOf(await call(learner, 'GET', '/api/search?q=noi&typing=x', at(0, 41)), 400)).toBe(
      'typing: must be 8 to 24 lower-case letters or digits',
    );
    expect(await messageOf(await t.app.request('POST', '/api/search/opened', { body: { q: 'NOI', href: '/modules/1' } }), 401)).toBe(
      'Not signed in',
    );
    expect(
      (
        await learner.request('POST', '/api/search/opened', {
          body: { q: 'NOI', href: '/modules/1' },
          headers: { Origin: 'https://evil.example' },
        })
      ).status,
    ).toBe(403);
    expect((await searchLog.eventsOf(TODAY)).filter((event) => event.kind === 'opened')).toHaveLength(1);
  });
});

describe.skipIf(!inProcess)('pages nobody visits', () => {
  const visit = (pagePath: string, time: string) =>
    call(learner, 'POST', '/api/track-visit', time, { pagePath, tabId: null, timeSpent: null, exitPage: null, visitDate: time });

  it('lists the reading pages without a visit in 90 days, each with the page to link it from', async () => {
    expect((await visit('/modules/2/lessons/203', at(10))).status).toBe(204);
    expect((await visit('/product', at(100))).status).toBe(204);
    expect((await visit('/segments/9', at(5))).status).toBe(204);
    expect((await visit('/sales-kit/pricing', at(3))).status).toBe(204);
    const { unvisited } = await usageAt(at(0, 50));
    expect(unvisited).toMatchObject({ days: 90, complete: true });
    const paths = unvisited.pages.map((page) => page.path);
    for (const visited of ['/modules/2/lessons/203', '/buyer-segments/9', '/sales-kit/pricing']) expect(paths).not.toContain(visited);
    expect(unvisited.pages.find((page) => page.path === '/product')).toEqual({
      path: '/product',
      title: 'Product Features & Integrations',
      kind: 'page',
      linkFrom: null,
    });
    expect(unvisited.pages.find((page) => page.path === '/modules/2/lessons/201')).toEqual({
      path: '/modules/2/lessons/201',
      title: expect.any(String),
      kind: 'lesson',
      linkFrom: { title: 'Commercial Real Estate Fundamentals', href: '/modules/2' },
    });
    expect(unvisited.pages.find((page) => page.path === '/sales-kit/objections')?.linkFrom).toEqual({
      title: 'Sales Kit',
      href: '/sales-kit',
    });
  });

  it('answers the CSV without reading the usage, and 403 to anybody but an administrator', async () => {
    const csv = await call(t.client, 'GET', '/api/content-health?format=csv', at(0));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(await messageOf(await call(learner, 'GET', '/api/content-health', at(0)), 403)).toBe(
      'Content health is only accessible to administrators.',
    );
  });
});
