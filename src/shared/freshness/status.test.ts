// Freshness statuses, the Content health rows and their CSV, with fixed dates (never today's).
import { describe, expect, it } from 'vitest';
import { contentHealthCsv } from './csv';
import { addMonths, daysBetween, formatDayOf, formatReviewDate, isIsoDate } from './dates';
import { healthRows, reviewStatus, sortHealthRows, type FreshnessRecord } from './status';

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
  ...overrides,
});

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
});

describe('content health CSV', () => {
  it('quotes every text cell and neutralises what a spreadsheet would run as a formula', () => {
    const rows = healthRows(
      [record('=HYPERLINK("http://evil")', '2026-12-01', { ownerName: '@owner, "quoted"', kind: '+kind' })],
      '2026-12-12',
    );
    const [header, line, end] = contentHealthCsv(rows, 'https://hub.example').split('\r\n');
    expect(header).toBe('status,kind,title,owner,ownerId,lastReviewed,reviewBy,daysLeft,link,file');
    expect(line).toBe(
      `"overdue","'+kind","'=HYPERLINK(""http://evil"")","'@owner, ""quoted""","aaliyah-brooks","2026-01-10","2026-12-01",-11,"https://hub.example/modules/1/lessons/=HYPERLINK(""http://evil"")","content/lessons/=HYPERLINK(""http://evil"").mdx"`,
    );
    expect(end).toBe('');
  });
});
