// Freshness statuses, the Content health rows and their CSV, with fixed dates (never today's).
import { describe, expect, it } from 'vitest';
import { contentHealthCsv } from './csv';
import { addMonths, daysBetween, formatDayOf, formatReviewDate, isIsoDate } from './dates';
import { CONTENT_SOURCES } from '~/content-check/sources';
import { freshnessRecords, reopenedBy } from '~/content-check/freshness-records';
import { healthRows, reopenReason, reviewStatus, sortHealthRows, type FreshnessRecord } from './status';

const record = (title: string, reviewBy: string, overrides: Partial<FreshnessRecord> = {}): FreshnessRecord => ({
  collection: 'lessons',
  kind: 'lesson',
  id: title,
  title,
  href: `/modules/1/lessons/${title}`,
  file: `content/lessons/${title}.mdx`,
  owner: 'aaliyah-brooks',
  ownerName: 'Aaliyah Brooks',
  lastReviewed: '2026-01-10',
  reviewBy,
  reopenedBy: [],
  ...overrides,
});

const hubspotChanged = { fact: 'crm-hubspot', title: 'HubSpot: what syncs, and which way', changedOn: '2026-12-02' };

describe('dates', () => {
  it('knows real calendar dates, adds months to the last day of a short month, counts days', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-1-05')).toBe(false);
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(daysBetween('2026-12-12', '2026-12-01')).toBe(-11);
    expect(formatReviewDate('2026-03-02')).toBe('March 2, 2026');
    expect(formatReviewDate('2026-12-31')).toBe('December 31, 2026');
    // A timestamp late in the UTC day stays on that day whatever the server's time zone.
    expect(formatDayOf('2026-03-02T23:30:00.000Z')).toBe('March 2, 2026');
  });
});

describe('review status', () => {
  it('is overdue the day after reviewBy, due soon from 30 days before it, current before that', () => {
    expect(reviewStatus('2026-12-12', '2026-12-13')).toBe('overdue');
    expect(reviewStatus('2026-12-12', '2026-12-12')).toBe('due-soon');
    expect(reviewStatus('2027-01-11', '2026-12-12')).toBe('due-soon');
    expect(reviewStatus('2027-01-12', '2026-12-12')).toBe('current');
  });

  it('lists only overdue and due-soon entries, most urgent first, with the days left', () => {
    const rows = healthRows([record('later', '2027-01-05'), record('current', '2027-06-01'), record('late', '2026-12-01')], '2026-12-12');
    expect(rows.map((row) => [row.title, row.status, row.daysLeft])).toEqual([
      ['late', 'overdue', -11],
      ['later', 'due-soon', 24],
    ]);
  });

  it('sorts by any column in both directions, ties by reviewBy', () => {
    const rows = healthRows(
      [
        record('b', '2026-12-20', { ownerName: 'Zoe' }),
        record('a', '2026-12-01', { ownerName: 'Adam' }),
        record('c', '2026-12-05', { ownerName: 'Adam' }),
      ],
      '2026-12-12',
    );
    expect(sortHealthRows(rows, 'ownerName').map((row) => row.title)).toEqual(['a', 'c', 'b']);
    expect(sortHealthRows(rows, 'title', 'descending').map((row) => row.title)).toEqual(['c', 'b', 'a']);
    expect(sortHealthRows(rows, 'status').map((row) => row.title)).toEqual(['a', 'c', 'b']);
    expect(sortHealthRows(rows, 'reviewBy', 'descending').map((row) => row.title)).toEqual(['b', 'c', 'a']);
  });

  it('lists an entry a fact reopened whatever its review date, as needs-review unless it is overdue', () => {
    const rows = healthRows(
      [
        record('reopened', '2027-09-01', { reopenedBy: [hubspotChanged] }),
        record('late and reopened', '2026-12-01', { reopenedBy: [hubspotChanged] }),
        record('soon and reopened', '2026-12-20', { reopenedBy: [hubspotChanged] }),
        record('current', '2027-09-01'),
      ],
      '2026-12-12',
    );
    expect(rows.map((row) => [row.title, row.status])).toEqual([
      ['late and reopened', 'overdue'],
      ['soon and reopened', 'needs-review'],
      ['reopened', 'needs-review'],
    ]);
    expect(sortHealthRows(rows, 'status').map((row) => row.title)).toEqual(['late and reopened', 'soon and reopened', 'reopened']);
    expect(reopenReason(hubspotChanged)).toBe("fact 'HubSpot: what syncs, and which way' changed on 2026-12-02");
  });
});

describe('reopened entries', () => {
  const objections = CONTENT_SOURCES.find((candidate) => candidate.collection === 'objections')!;
  const facts = CONTENT_SOURCES.find((candidate) => candidate.collection === 'facts')!;
  const soc2Changed = { fact: 'soc-2', title: 'SOC 2 Type II', changedOn: '2026-11-25' };
  const changes = new Map([
    ['crm-hubspot', hubspotChanged],
    ['soc-2', soc2Changed],
  ]);

  it('names every cited fact reviewed after the entry, wherever the entry cites it, oldest first', () => {
    const data = { facts: ['crm-hubspot', 'soc-2', 'unknown'], plays: [{ facts: ['soc-2'] }] };
    expect(reopenedBy(data, '2026-11-24', changes)).toEqual([soc2Changed, hubspotChanged]);
    expect(reopenedBy(data, '2026-11-25', changes)).toEqual([hubspotChanged]);
    expect(reopenedBy(data, '2026-12-02', changes)).toEqual([]);
  });

  it('takes the facts and their review dates from the entries themselves', () => {
    const review = (lastReviewed: string) => ({ owner: 'rafael-souza', lastReviewed, reviewBy: '2027-06-01' });
    const [fact, objection] = freshnessRecords(
      [
        {
          source: facts,
          id: 'crm-hubspot',
          file: 'content/facts/integrations.yaml',
          data: { title: hubspotChanged.title, review: review('2026-12-02') },
        },
        {
          source: objections,
          id: 'crm-has-marketing',
          file: 'content/sales-kit/objections.yaml',
          data: { objection: 'x', facts: ['crm-hubspot'], review: review('2026-11-24') },
        },
      ],
      new Map(),
    );
    expect(fact?.reopenedBy).toEqual([]);
    expect(objection?.reopenedBy).toEqual([hubspotChanged]);
  });
});

describe('content health CSV', () => {
  it('quotes every text cell and neutralises what a spreadsheet would run as a formula', () => {
    const rows = healthRows(
      [record('=HYPERLINK("http://evil")', '2026-12-01', { ownerName: '@owner, "quoted"', kind: '+kind' })],
      '2026-12-12',
    );
    const [header, line, end] = contentHealthCsv(rows, 'https://hub.example').split('\r\n');
    expect(header).toBe('status,kind,title,owner,ownerId,lastReviewed,reviewBy,daysLeft,link,file,reopenedBy');
    expect(line).toBe(
      `"overdue","'+kind","'=HYPERLINK(""http://evil"")","'@owner, ""quoted""","aaliyah-brooks","2026-01-10","2026-12-01",-11,"https://hub.example/modules/1/lessons/=HYPERLINK(""http://evil"")","content/lessons/=HYPERLINK(""http://evil"").mdx",""`,
    );
    const reopened = contentHealthCsv(healthRows([record('r', '2027-09-01', { reopenedBy: [hubspotChanged] })], '2026-12-12'), '').split(
      '\r\n',
    )[1];
    expect(reopened).toMatch(/^"needs-review",.*,"fact 'HubSpot: what syncs, and which way' changed on 2026-12-02"$/);
    expect(end).toBe('');
  });
});
