// The Team Progress table served by the server (docs/product.md "Team Progress (/team-progress)"; docs/decisions.md "The team
// table at hundreds of members"): /team-progress renders one page of rows from its URL, bad values falling back to the
// defaults; GET /api/team-progress/csv answers every member the filter and Find keep, refusing bad values.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { teamProgressResponseSchema } from '~/shared/api/team';
import { expectJson, messageOf, signIn, signUp, startApp, storedMember, type ApiClient, type TestApp } from './harness';

const ACCESS_DENIED = 'The Team Progress dashboard is only accessible to administrators.';
const CSV_HEADER =
  '"Name","Username","Program","Plan day","Plan items done","Plan items tested out","Plan items required","Plan status","Overdue items","Joined","Days in the program","Pace","Progress (%)","Mastery (%)","Average quiz score (%)","Pages visited","Quizzes completed","Daily challenges","Logins","Last active"';
/** startApp runs in process unless API_BASE_URL is set; known before beforeAll, for skipIf. */
const IN_PROCESS = !process.env['API_BASE_URL'];
/** More than a page: the seeded members share a word no other name has. */
const SEEDED = 30;
const WORD = `pager${randomUUID().slice(0, 6)}`;

let app: TestApp;
let admin: ApiClient;
let learner: ApiClient;
beforeAll(async () => {
  app = await startApp();
  admin = await signIn(app, DEMO_ADMIN);
  learner = (await signUp(app, `Active ${WORD}`)).client;
  if (!IN_PROCESS) return;
  await Promise.all(
    Array.from({ length: SEEDED }, (_, i) =>
      storedMember(`Member ${WORD} ${String(i).padStart(2, '0')}`, `${WORD}-${String(i).padStart(2, '0')}@parcelwise.example`),
    ),
  );
});
afterAll(() => app.stop());

const csvLines = async (query: string) => {
  const response = await admin.get(`/api/team-progress/csv${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  const [header, ...lines] = (await response.text()).split('\r\n').slice(0, -1);
  expect(header).toBe(CSV_HEADER);
  return lines;
};
/** The username column of CSV lines (quoted; no username holds a comma). */
const usernames = (lines: string[]) => lines.map((line) => line.split(',')[1]!.replaceAll('"', ''));

const page = async (query: string) => {
  const response = await admin.request('GET', `/team-progress${query}`, { headers: { Accept: 'text/html' } });
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll('&amp;', '&');
};
const rowNames = (html: string) => [...html.matchAll(/<tr data-user-id="[^"]+"><th[^>]*><a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]!);
const hrefOf = (html: string, label: string) => new RegExp(`href="([^"]*)"[^>]*>${label}<`).exec(html)?.[1] ?? null;

describe('GET /api/team-progress/csv', () => {
  it('answers 401 without a session and 403 to anyone but an administrator', async () => {
    expect(await messageOf(await app.request('GET', '/api/team-progress/csv'), 401)).toBe('Not signed in');
    expect(await messageOf(await learner.get('/api/team-progress/csv'), 403)).toBe(ACCESS_DENIED);
  });

  it.each([
    ['?sort=admin', 'sort: must be one of name, planStatus, joinedAt'],
    ['?sort=pagesVisited&direction=up', 'direction: must be ascending or descending'],
    ['?filter=everyone', 'filter: must be one of all, active, inactive, behind, due-soon, overdue, certificate-expiring, practice-waiting'],
    [`?find=${'a'.repeat(101)}`, 'find: must be at most 100 characters'],
    ['?page=2', 'Unknown field: page'],
  ])('answers 400 naming the parameter for %s', async (query, message) => {
    expect(await messageOf(await admin.get(`/api/team-progress/csv${query}`), 400)).toContain(message);
  });

  it('holds every team member, administrators left out, names A–Z, as team-progress.csv', async () => {
    const response = await admin.get('/api/team-progress/csv');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="team-progress.csv"');
    const everyone = await expectJson(await admin.get('/api/team-progress'), 200, teamProgressResponseSchema);
    const lines = await csvLines('');
    const listed = usernames(lines);
    expect(listed).not.toContain(DEMO_ADMIN.username);
    expect(listed.toSorted()).toEqual(
      everyone
        .map((row) => row.username)
        .filter((name) => name !== DEMO_ADMIN.username)
        .toSorted(),
    );
    const names = lines.map((line) => line.split(',')[0]!.replaceAll('"', ''));
    expect(names).toEqual(names.toSorted((a, b) => a.localeCompare(b)));
  });

  it.skipIf(!IN_PROCESS)('holds every page of what Find and the filter keep, in the sort asked for', async () => {
    const found = usernames(await csvLines(`?find=${WORD.toUpperCase()}&sort=name&direction=descending`));
    expect(found).toHaveLength(SEEDED + 1);
    expect(found[0]).toBe(`${WORD}-${SEEDED - 1}@parcelwise.example`);
    expect(found.at(-1)).toMatch(/^learner-/); // 'Active …' sorts before 'Member …'
    // The seeded members were never active; the signed-up learner was, just now.
    expect(usernames(await csvLines(`?find=${WORD}&filter=inactive`))).toHaveLength(SEEDED);
    expect(usernames(await csvLines(`?find=${WORD}&filter=active`))).toEqual([found.at(-1)]);
    expect(await csvLines(`?find=${WORD}&filter=behind`)).toEqual([]);
  });
});

describe.skipIf(!IN_PROCESS)('/team-progress renders one page of rows from its URL', () => {
  it('25 rows a page, with the count, the pager and the CSV of every page', async () => {
    const first = await page(`?find=${WORD}`);
    expect(rowNames(first)).toHaveLength(25);
    expect(rowNames(first)[0]).toBe(`Active ${WORD}`);
    expect(first).toMatch(new RegExp(`Showing <!-- -->${SEEDED + 1}<!-- --> of <!-- -->\\d+<!-- --> team members`));
    expect(first).toContain('Page <!-- -->1<!-- --> of <!-- -->2');
    expect(hrefOf(first, 'Next page')).toBe(`/team-progress?find=${WORD}&page=2#team-table`);
    expect(hrefOf(first, 'Previous page')).toBeNull();
    expect(hrefOf(first, 'Export CSV')).toBe(`/api/team-progress/csv?find=${WORD}`);
    expect(first).toContain(`value="${WORD}"`);

    const second = await page(`?find=${WORD}&page=2`);
    expect(rowNames(second)).toEqual(Array.from({ length: 6 }, (_, i) => `Member ${WORD} ${24 + i}`));
    expect(hrefOf(second, 'Previous page')).toBe(`/team-progress?find=${WORD}#team-table`);
    expect(hrefOf(second, 'Next page')).toBeNull();
  });

  it('sort headers are links that flip the sorted column; the sorted one has aria-sort', async () => {
    const html = await page(`?find=${WORD}&sort=name&direction=descending`);
    expect(rowNames(html)[0]).toBe(`Member ${WORD} 29`);
    expect(html).toMatch(/aria-sort="descending"[^>]*><a href="\/team-progress\?find=[^"]+#team-table"[^>]*>Team member/);
    expect(html).toContain(`href="/team-progress?sort=mastery&direction=descending&find=${WORD}#team-table"`);
    expect(html).toContain(`<input type="hidden" name="sort" value="name"/><input type="hidden" name="direction" value="descending"/>`);
    // Seven columns; the activity counts are on each person's page and in the CSV.
    expect([...html.matchAll(/<th scope="col"[^>]*aria-sort/g)]).toHaveLength(7);
    expect(html).not.toContain('sort=pagesVisited');
  });

  it.each([
    ['an unknown column and direction', '&sort=secret&direction=sideways'],
    ['an unknown filter', '&filter=everyone'],
    ['a page that is no number', '&page=two'],
    ['a page of zero', '&page=0'],
  ])('falls back to the defaults for %s', async (_case, query) => {
    const html = await page(`?find=${WORD}${query}`);
    expect(rowNames(html)[0]).toBe(`Active ${WORD}`);
    expect(rowNames(html)).toHaveLength(25);
    expect(html).toMatch(/aria-sort="ascending"[^>]*><a [^>]*>Team member/);
  });

  it('a page past the last shows the last; a Find nobody matches says so', async () => {
    expect(rowNames(await page(`?find=${WORD}&page=99`))).toHaveLength(6);
    const none = await page(`?find=${WORD}-nobody`);
    expect(rowNames(none)).toEqual([]);
    expect(none).toContain('No team members match this filter.');
    expect(none).not.toContain('Next page');
  });
});
