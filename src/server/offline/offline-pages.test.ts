import { describe, expect, it } from 'vitest';
import { offlineReaderKey, prepPages } from './offline-pages';

const NOW = new Date('2027-01-12T20:00:00.000Z');
const meeting = (id: string, start: string, end: string) => ({ id, start, end });

describe('prepPages', () => {
  it('lists the meetings under way or starting within 48 hours, soonest first as given', () => {
    const pages = prepPages(
      [
        meeting('under-way', '2027-01-12T19:30:00.000Z', '2027-01-12T20:30:00.000Z'),
        meeting('tomorrow', '2027-01-13T15:00:00.000Z', '2027-01-13T16:00:00.000Z'),
        meeting('at-48-hours', '2027-01-14T20:00:00.000Z', '2027-01-14T21:00:00.000Z'),
        meeting('past-48-hours', '2027-01-14T20:01:00.000Z', '2027-01-14T21:00:00.000Z'),
      ],
      NOW,
    );
    expect(pages).toEqual(['/prep/under-way', '/prep/tomorrow', '/prep/at-48-hours']);
  });

  it('leaves out a meeting that has ended, and has nothing without meetings', () => {
    expect(prepPages([meeting('over', '2027-01-12T18:00:00.000Z', '2027-01-12T20:00:00.000Z')], NOW)).toEqual([]);
    expect(prepPages([], NOW)).toEqual([]);
  });
});

describe('offlineReaderKey', () => {
  it('is stable per account, differs between accounts, and does not contain the id', () => {
    const id = '6f1c2b1e-8a43-4a3b-9d3e-2f7c1f0a9b11';
    expect(offlineReaderKey(id)).toBe(offlineReaderKey(id));
    expect(offlineReaderKey(id)).not.toBe(offlineReaderKey('0d9a7c55-1e2f-4b6a-8c3d-5e4f3a2b1c0d'));
    expect(offlineReaderKey(id)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(offlineReaderKey(id)).not.toContain(id.slice(0, 8));
  });
});
