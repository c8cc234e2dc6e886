// Reports from readers against a local BlobsServer: one open report per person and page (a second is
// refused until the first is closed; another person or another page is not), what a page shows, and the
// median days to resolve.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { useLocalBlobs } from '~tools/local-blobs/for-tests';
import { HttpError } from '~/server/errors';
import {
  closeReads,
  closeReport,
  listReports,
  medianDaysToResolve,
  pageReports,
  pageReportsIfAvailable,
  readerReports,
  reportProblem,
} from './content-reports';
import { openOnPage } from './open-on-page';
import { reports } from './storage/reports';

useLocalBlobs();

const NOW = new Date('2026-11-20T10:00:00Z');
const later = (days: number) => new Date(NOW.getTime() + days * 86_400_000);
const person = (name = 'Riley Reader') => ({ id: randomUUID(), name });
const admin = { id: randomUUID(), name: 'Avery Admin' };

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).status, message: (error as HttpError).message };
}

describe('one open report per person and page', () => {
  it('refuses a second report while the first is open, on any day, and takes one again once it is closed', async () => {
    const reader = person();
    const first = await reportProblem(reader, { page: '/company-overview', kind: 'wrong', note: 'The founding year is 2016' }, NOW);
    expect(first).toMatchObject({ page: '/company-overview', kind: 'wrong', reporter: 'Riley Reader', status: 'open' });

    const again = await refusal(reportProblem(reader, { page: '/company-overview/', kind: 'unclear', note: 'Again' }, later(3)));
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/already reported a problem on this page/);

    // Another person on the same page, and the same person on another page, are fine.
    await reportProblem(person('Sam Second'), { page: '/company-overview', kind: 'outdated', note: 'Team is bigger' }, later(1));
    await reportProblem(reader, { page: '/product', kind: 'missing', note: 'No word on the API' }, later(1));

    await closeReport(admin, await closeReads(first.id), 'Fixed in #12', later(4));
    const next = await reportProblem(reader, { page: '/company-overview', kind: 'unclear', note: 'Now this' }, later(5));
    expect(next.status).toBe('open');
  });

  it('makes one report of two sends of the same day at once', async () => {
    const reader = person();
    const request = { page: '/resources', kind: 'wrong', note: 'Broken link' } as const;
    const settled = await Promise.allSettled([reportProblem(reader, request, NOW), reportProblem(reader, request, NOW)]);
    expect(settled.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await listReports()).filter((report) => report.page === '/resources' && report.note === 'Broken link')).toHaveLength(1);
  });

  it('is not blocked by a marker whose report was never stored', async () => {
    const reader = person();
    const orphan = {
      id: '2026-11-19T10-00-00-000Z_0badf00d',
      page: '/personas',
      kind: 'wrong' as const,
      note: 'x',
      reporter: reader,
      createdAt: '2026-11-19T10:00:00.000Z',
    };
    await reports.mark(orphan); // the send failed before the report itself was written
    const report = await reportProblem(reader, { page: '/personas', kind: 'wrong', note: 'Persona 3 title' }, NOW);
    expect(report.status).toBe('open');
  });

  it('refuses a page that is not a content page, and closing twice or an unknown id', async () => {
    expect((await refusal(reportProblem(person(), { page: '/settings', kind: 'wrong', note: 'x' }, NOW))).status).toBe(400);
    const report = await reportProblem(person(), { page: '/sales-kit/pricing', kind: 'outdated', note: 'Old tiers' }, NOW);
    await closeReport(admin, await closeReads(report.id), 'Fixed in #20', later(2));
    expect((await refusal(closeReport(admin, await closeReads(report.id), 'Again', later(3)))).status).toBe(409);
    expect((await refusal(closeReport(admin, await closeReads('nope'), 'x', NOW))).status).toBe(404);
  });
});

describe('what a page shows', () => {
  it('says since when a report is open, and whether it is the reader’s own', async () => {
    const reader = person();
    const path = '/sales-kit/objections';
    expect(await pageReports(path, reader.id)).toMatchObject({ openSince: null, mine: false });
    await reportProblem(reader, { page: path, kind: 'unclear', note: 'Which one?' }, NOW);
    expect(await pageReports(path, reader.id)).toMatchObject({ openSince: '2026-11-20', mine: true });
    const other = await pageReports(path, person().id);
    expect(other).toMatchObject({ openSince: '2026-11-20', mine: false, page: { path, title: 'Objection Library' } });
    expect(other!.page.ownerName).toEqual(expect.any(String));
    expect(await pageReports('/settings', reader.id)).toBeNull();
  });

  it('reads an alias address as its page: /industry-knowledge/{id} shows /modules/{id} and its reports', async () => {
    const reader = person();
    await reportProblem(reader, { page: '/industry-knowledge/2', kind: 'unclear', note: 'Cap rate example' }, NOW);
    const shown = await pageReports('/industry-knowledge/2', reader.id);
    expect(shown).toMatchObject({ page: { path: '/modules/2' }, openSince: '2026-11-20', mine: true });
    expect(await pageReports('/modules/2', reader.id)).toEqual(shown);
  });
});

describe('the listing the session gate starts beside the session check', () => {
  it('lists the page before the check ends, once per request, and the layout reads that listing', async () => {
    const reader = person();
    const path = '/sales-kit/battlecards';
    await reportProblem(reader, { page: path, kind: 'outdated', note: 'Old competitor pricing' }, NOW);
    const openOn = vi.spyOn(reports, 'openOn');
    try {
      let confirm!: (who: { isAdmin: boolean }) => void;
      const gate = { check: new Promise<{ isAdmin: boolean } | null>((resolve) => (confirm = resolve)) };
      const started = openOnPage(gate, `${path}/`);
      expect(openOn).toHaveBeenCalledExactlyOnceWith(path); // while the check still runs
      expect(openOnPage(gate, path)).toBe(started);
      confirm({ isAdmin: false });
      expect(await pageReportsIfAvailable(gate, path, reader.id)).toMatchObject({ openSince: '2026-11-20', mine: true });
      expect(await pageReportsIfAvailable(gate, path, person().id)).toMatchObject({ openSince: '2026-11-20', mine: false });
      expect(openOn).toHaveBeenCalledOnce();
    } finally {
      openOn.mockRestore();
    }
  });

  it('is dropped when the check confirms nobody, and a page that is not a content page shows nothing', async () => {
    const path = '/sales-kit/battlecards';
    expect(await pageReportsIfAvailable({ check: Promise.resolve(null) }, path, person().id)).toBeNull();
    expect(await pageReportsIfAvailable({ check: Promise.resolve({ isAdmin: false }) }, '/settings', person().id)).toBeNull();
  });
});

describe('median days to resolve', () => {
  const report = (createdAt: string, closedAt?: string) => ({ createdAt, ...(closedAt && { closedAt }) });

  it('is the middle of the closed reports’ days, the mean of the two middle ones for an even count, to one decimal', () => {
    expect(medianDaysToResolve([])).toBeNull();
    expect(medianDaysToResolve([report('2026-11-01T00:00:00Z')])).toBeNull();
    expect(
      medianDaysToResolve([
        report('2026-11-01T00:00:00Z', '2026-11-03T00:00:00Z'),
        report('2026-11-01T00:00:00Z', '2026-11-11T00:00:00Z'),
        report('2026-11-01T00:00:00Z', '2026-11-02T12:00:00Z'),
        report('2026-11-05T00:00:00Z'),
      ]),
    ).toBe(2);
    expect(
      medianDaysToResolve([report('2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z'), report('2026-11-01T00:00:00Z', '2026-11-05T08:00:00Z')]),
    ).toBe(2.7);
  });

  it('is what Content health shows, beside the open reports with their age, oldest first', async () => {
    const figures = await readerReports(later(10));
    expect(figures.closed).toBeGreaterThan(0);
    expect(figures.medianDays).toBe(medianDaysToResolve((await listReports()).filter((entry) => entry.status === 'closed')));
    expect(figures.open.map((row) => row.createdAt)).toEqual(figures.open.map((row) => row.createdAt).sort());
    const age = (createdAt: string) => Math.floor((later(10).getTime() - Date.parse(createdAt)) / 86_400_000);
    for (const row of figures.open) expect(row).toMatchObject({ status: 'open', ageDays: age(row.createdAt) });
    expect(figures.open.find((row) => row.note === 'Now this')).toMatchObject({ ageDays: 5, title: 'Company Overview' });
  });
});
