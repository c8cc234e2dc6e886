// The search log against a local Blobs server: what a logged search and an opened result read back as,
// the folded days content health reads (closed days saved once, open days folded afresh), and the daily
// tidy (closed days folded and their events deleted, nothing kept past 180 days).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { backgroundWorkDone } from '~/server/background';
import { listKeys } from '~/server/storage/blobs';
import { daysUntil, loggedQuery, logOpenedResult, logSearch, searchLogDays, tidySearchLog } from './search-log';
import { searchDaySchema } from './search-log-fold';
import { searchLog } from './storage/search-log';
import { searchMarks } from './storage/search-marks';
import { SEARCHES_PER_DAY, SEARCHES_PER_MINUTE } from './search-log';

let blobs: LocalBlobs;
beforeEach(async () => {
  blobs = await startLocalBlobs();
});
afterEach(() => blobs.stop());

const NOW = new Date('2031-03-15T12:00:00.000Z');
const DAY_MS = 24 * 60 * 60_000;
const daysAgo = (days: number, plusMinutes = 0) => new Date(NOW.getTime() - days * DAY_MS + plusMinutes * 60_000);

describe('loggedQuery', () => {
  it('keeps the words of a searched term, normalised; nothing for a blank or too-short one', () => {
    expect(loggedQuery('  Zillow   Premier? ')).toBe('zillow premier');
    expect(loggedQuery('Crème brûlée')).toBe('creme brulee');
    expect(loggedQuery('   ')).toBeNull();
    expect(loggedQuery('a b')).toBeNull();
    expect(loggedQuery('!!')).toBeNull();
  });

  it('keeps at most 150 bytes: whole words first, then characters', () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const kept = loggedQuery(long)!;
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(150);
    expect(long.startsWith(kept)).toBe(true);
    expect(kept.endsWith(' ')).toBe(false);
    expect(long.slice(kept.length, kept.length + 1)).toBe(' ');
    const oneWord = 'ж'.repeat(120); // 240 bytes in one word
    expect(loggedQuery(oneWord)).toBe('ж'.repeat(75));
  });
});

describe('the logged events', () => {
  it('read back what was logged: the query, its run, its count, and a result opened from it', async () => {
    const query = `${'straße '.repeat(18)}end`; // non-ASCII, over one key segment when encoded
    logSearch(query, 0, 'a1b2c3d4e5f6', 'ana', daysAgo(0));
    logSearch('NOI', 12, null, 'ana', daysAgo(0, 1));
    await backgroundWorkDone();
    await logOpenedResult('noi', '/industry-knowledge?tab=terms-acronyms#abbreviation-noi', null, daysAgo(0, 2));
    const events = await searchLog.eventsOf(daysUntil(NOW, 1)[0]!);
    expect(events.map(({ id: _id, ...event }) => event)).toEqual([
      { kind: 'search', at: daysAgo(0), typing: 'a1b2c3d4e5f6', query: loggedQuery(query), results: 0 },
      { kind: 'search', at: daysAgo(0, 1), typing: null, query: 'noi', results: 12 },
      { kind: 'opened', at: daysAgo(0, 2), typing: null, query: 'noi', href: '/industry-knowledge?tab=terms-acronyms#abbreviation-noi' },
    ]);
  });

  it('logs nothing for a term that is not searched', async () => {
    logSearch('a', 0, null, 'ana', daysAgo(0));
    await logOpenedResult('  ', '/modules/1', null, daysAgo(0));
    await backgroundWorkDone();
    expect(await searchLog.eventsOf(daysUntil(NOW, 1)[0]!)).toEqual([]);
  });
});

describe('what one person can put in the log', () => {
  const today = () => daysUntil(NOW, 1)[0]!;
  const searchesOf = async (day: string) => (await searchLog.eventsOf(day)).filter((event) => event.kind === 'search');

  it("logs a person's term once a day, however often they search it; another person, or the next day, counts again", async () => {
    for (let minute = 0; minute < 20; minute++) {
      logSearch('zillow premier', 0, null, 'ana', daysAgo(0, minute));
      await backgroundWorkDone();
    }
    logSearch('Zillow  PREMIER!', 0, 'a1b2c3d4e5f6', 'ana', daysAgo(0, 30)); // the same term, normalised
    logSearch('zillow premier', 0, null, 'ben', daysAgo(0, 31));
    await backgroundWorkDone();
    logSearch('zillow premier', 0, null, 'ana', daysAgo(-1));
    await backgroundWorkDone();
    expect((await searchesOf(today())).map((event) => event.at)).toEqual([daysAgo(0), daysAgo(0, 31)]);
    expect(await searchesOf(daysUntil(daysAgo(-1), 1)[0]!)).toHaveLength(1);
  });

  it(`logs at most ${SEARCHES_PER_MINUTE} new terms a minute and ${SEARCHES_PER_DAY} a day per person`, async () => {
    const marks = await searchMarks.of('script', daysAgo(0));
    const marked = (count: number, at: (n: number) => Date) =>
      Promise.all(Array.from({ length: count }, (_, n) => marks.claim(`earlier term ${n} ${at(n).getTime()}`, at(n))));
    await marked(SEARCHES_PER_MINUTE - 1, () => daysAgo(0, 0));
    logSearch('the last one this minute', 0, null, 'script', daysAgo(0, 0.5));
    logSearch('one too many this minute', 0, null, 'script', daysAgo(0, 0.75));
    await backgroundWorkDone();
    expect((await searchesOf(today())).map((event) => event.query)).toEqual(['the last one this minute']);

    await marked(SEARCHES_PER_DAY - SEARCHES_PER_MINUTE - 1, (n) => daysAgo(0, -600 + n));
    logSearch('the last one today', 0, null, 'script', daysAgo(0, 5));
    logSearch('one too many today', 0, null, 'script', daysAgo(0, 10));
    logSearch('a real question', 0, null, 'someone else', daysAgo(0, 10));
    await backgroundWorkDone();
    expect((await searchesOf(today())).map((event) => event.query)).toEqual([
      'the last one this minute',
      'the last one today',
      'a real question',
    ]);
  });

  it('logs a term sent many times at once by one person once', async () => {
    for (let n = 0; n < 10; n++) logSearch('qxz at once', 0, null, 'ana', daysAgo(0, n / 100));
    await backgroundWorkDone();
    expect(await searchesOf(today())).toHaveLength(1);
  });

  it('keeps who searched out of the log: the marks name the person and the term only as keyed digests', async () => {
    logSearch('cap rate', 3, null, 'ana@parcelwise.example', daysAgo(0));
    await backgroundWorkDone();
    const keys = await listKeys('');
    expect(keys.filter((blobKey) => blobKey.startsWith('search-marks/'))).toHaveLength(2);
    for (const blobKey of keys) expect(blobKey).not.toContain('ana');
    expect(await (await searchMarks.of('ana@parcelwise.example', daysAgo(0))).claim('cap rate', daysAgo(0))).toBe(false);
    expect(await (await searchMarks.of('ben@parcelwise.example', daysAgo(0))).claim('cap rate', daysAgo(0))).toBe(true);
  });
});

describe('searchLogDays', () => {
  it('folds each day of the period; a closed day is saved once and read from its summary after', async () => {
    logSearch('zillow', 0, null, 'ana', daysAgo(5));
    logSearch('zillow', 0, null, 'ana', daysAgo(0));
    logSearch('noi', 4, null, 'ana', daysAgo(1));
    logSearch('old', 0, null, 'ana', daysAgo(30)); // outside 30 days
    await backgroundWorkDone();

    const days = await searchLogDays(NOW, 30);
    expect(days).toHaveLength(30);
    expect(days[0]!.day).toBe('2031-02-14');
    expect(days.at(-1)!.day).toBe('2031-03-15');
    const counted = days.filter((day) => day.searches > 0).map((day) => [day.day, day.searches, day.zeroResults]);
    expect(counted).toEqual([
      ['2031-03-10', 1, 1],
      ['2031-03-14', 1, 0],
      ['2031-03-15', 1, 1],
    ]);
    await backgroundWorkDone();
    // Only the closed day (before yesterday) was saved; today and yesterday still take events.
    expect(await searchLog.foldedDays()).toEqual(['2031-03-10']);
    expect(await searchLog.readDay('2031-03-10', searchDaySchema)).toEqual(days.find((day) => day.day === '2031-03-10'));

    // A saved day is read from its summary: its events are no longer needed.
    await searchLog.removeDay('2031-03-10');
    const again = await searchLogDays(NOW, 30);
    expect(again.find((day) => day.day === '2031-03-10')?.queries).toEqual([
      { query: 'zillow', searches: 1, zeroResults: 1, results: 0, opened: [] },
    ]);
  });
});

describe('tidySearchLog', () => {
  it('folds closed days and deletes their events, keeps open days, and keeps nothing past 180 days', async () => {
    logSearch('ancient', 0, null, 'ana', daysAgo(181));
    logSearch('closed', 0, null, 'ana', daysAgo(3));
    logSearch('closed', 2, null, 'ben', daysAgo(3, 5));
    logSearch('today', 1, null, 'ana', daysAgo(0));
    await backgroundWorkDone();
    await searchLog.saveDay('2030-09-01', searchDaySchema, { version: 1, day: '2030-09-01', searches: 0, zeroResults: 0, queries: [] });

    expect(await tidySearchLog(NOW)).toEqual({ folded: 1, removed: 3 });
    const left = await Promise.all(['2030-09-15', '2031-03-12', '2031-03-15'].map(async (day) => (await searchLog.eventsOf(day)).length));
    expect(left).toEqual([0, 0, 1]);
    expect(await searchLog.foldedDays()).toEqual(['2031-03-12']);
    expect(await searchLog.readDay('2031-03-12', searchDaySchema)).toEqual({
      version: 1,
      day: '2031-03-12',
      searches: 2,
      zeroResults: 1,
      queries: [{ query: 'closed', searches: 2, zeroResults: 1, results: 2, opened: [] }],
    });
    // The marks of past days go too; today's stay, so today's searches are still counted once.
    expect((await searchMarks.of('ana', daysAgo(3))).count).toBe(0);
    expect((await searchMarks.of('ana', daysAgo(0))).count).toBe(1);
    // Run again: nothing left to do.
    expect(await tidySearchLog(NOW)).toEqual({ folded: 0, removed: 0 });
  });
});
