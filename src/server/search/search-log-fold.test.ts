import { describe, expect, it } from 'vitest';
import { countedSearches, foldDay, foundNothing, zeroResultRate, type SearchDay } from './search-log-fold';
import type { SearchLogEvent } from './storage/search-log';

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
let sequence = 0;
const id = () => `e${String(sequence++).padStart(4, '0')}`;
const search = (seconds: number, query: string, results: number, typing: string | null = null): SearchLogEvent => ({
  kind: 'search',
  id: id(),
  at: new Date(T0 + seconds * 1000),
  typing,
  query,
  results,
});
const opened = (seconds: number, query: string, href: string): SearchLogEvent => ({
  kind: 'opened',
  id: id(),
  at: new Date(T0 + seconds * 1000),
  typing: null,
  query,
  href,
});
const queries = (events: SearchLogEvent[]) => countedSearches(events).map((event) => event.query);

describe('countedSearches', () => {
  it('counts what a run of typing settled on: a search the next one extends or shortens is part of it', () => {
    const run = [search(0, 'zil', 0, 'run1'), search(1, 'zill', 0, 'run1'), search(2, 'zillow', 0, 'run1')];
    expect(queries(run)).toEqual(['zillow']);
    // Typo fixed by going back: "capx" → "cap" → "cap rate" settles on "cap rate".
    expect(queries([search(0, 'capx', 0, 'r'), search(1, 'cap', 9, 'r'), search(2, 'cap rate', 4, 'r')])).toEqual(['cap rate']);
  });

  it('counts each of two different searches in one run, and runs apart from each other', () => {
    const events = [
      search(0, 'zillow', 0, 'run1'),
      search(5, 'costar', 0, 'run1'),
      search(6, 'zil', 0, 'run2'),
      search(7, 'zillow', 0, 'run2'),
    ];
    expect(queries(events)).toEqual(['zillow', 'costar', 'zillow']);
  });

  it('counts every search without a run, and drops one that carries a run to /search within a minute', () => {
    const events = [
      search(0, 'zillo', 0, 'run1'),
      search(1, 'zillow', 0, 'run1'),
      search(30, 'zillow', 0), // Enter in the header box: the same search on /search
      search(95, 'zillow', 0), // a minute and more later: a search of its own
      search(96, 'noi', 12),
      search(97, 'noi', 12),
    ];
    expect(queries(events)).toEqual(['zillow', 'zillow', 'noi', 'noi']);
    expect(countedSearches(events).map((event) => event.at.getTime() - T0)).toEqual([1000, 95_000, 96_000, 97_000]);
  });

  it('leaves opened results out', () => {
    expect(queries([opened(0, 'noi', '/x'), search(1, 'noi', 3)])).toEqual(['noi']);
  });
});

describe('foldDay', () => {
  it('counts searches, those that found nothing, the last count and the opened results per query', () => {
    const day = foldDay('2026-11-20', [
      search(0, 'zillow', 0),
      search(10, 'noi', 12),
      opened(11, 'noi', '/industry-knowledge#noi'),
      search(20, 'noi', 11),
      opened(21, 'noi', '/industry-knowledge#noi'),
      opened(22, 'noi', '/modules/2'),
      search(30, 'zillow', 0),
      search(40, 'zillow', 2),
    ]);
    expect(day).toEqual({
      version: 1,
      day: '2026-11-20',
      searches: 5,
      zeroResults: 2,
      queries: [
        { query: 'zillow', searches: 3, zeroResults: 2, results: 2, opened: [] },
        {
          query: 'noi',
          searches: 2,
          zeroResults: 0,
          results: 11,
          opened: [
            { href: '/industry-knowledge#noi', count: 2 },
            { href: '/modules/2', count: 1 },
          ],
        },
      ],
    });
  });

  it('folds an empty day to nothing', () => {
    expect(foldDay('2026-11-20', [])).toEqual({ version: 1, day: '2026-11-20', searches: 0, zeroResults: 0, queries: [] });
  });
});

describe('foundNothing and the zero-result rate', () => {
  const day = (date: string, rows: Array<[string, number, number]>): SearchDay => ({
    version: 1,
    day: date,
    searches: rows.reduce((sum, [, searches]) => sum + searches, 0),
    zeroResults: rows.reduce((sum, [, , zero]) => sum + zero, 0),
    queries: rows.map(([query, searches, zeroResults]) => ({ query, searches, zeroResults, results: 0, opened: [] })),
  });

  it('lists queries that found nothing, newest first, then most often, then A–Z, with counts over the days', () => {
    const days = [
      day('2026-11-01', [
        ['zillow', 3, 3],
        ['noi', 9, 0],
      ]),
      day('2026-11-03', [
        ['loopnet fees', 1, 1],
        ['agent commission', 2, 2],
        ['zillow', 1, 1],
      ]),
      day('2026-11-02', [['reit tiers', 4, 4]]),
    ];
    expect(foundNothing(days)).toEqual([
      { query: 'zillow', count: 4, lastSearched: '2026-11-03' },
      { query: 'agent commission', count: 2, lastSearched: '2026-11-03' },
      { query: 'loopnet fees', count: 1, lastSearched: '2026-11-03' },
      { query: 'reit tiers', count: 4, lastSearched: '2026-11-02' },
    ]);
    expect(zeroResultRate(days)).toEqual({ searches: 20, zeroResults: 11, rate: 11 / 20 });
  });

  it('has no rate without searches', () => {
    expect(zeroResultRate([])).toEqual({ searches: 0, zeroResults: 0, rate: null });
    expect(foundNothing([day('2026-11-01', [['noi', 2, 0]])])).toEqual([]);
  });
});
