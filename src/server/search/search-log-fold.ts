// The search log folded (docs/decisions.md "Searches that found nothing"): pure functions from logged
// events to a day's summary, and from the days' summaries to what content health shows.
//
// What counts as one search:
// - the header box searches as someone types: in one run of typing, a search the next one only extends or
//   shortens ("zil" → "zillow") is part of it, so the run counts what it settled on;
// - a search without a typing run (the /search page, a bare API call) that repeats, within a minute, what a
//   run just settled on is that same search carried to the results page (Enter, "See all results").
import { z } from 'zod';
import type { SearchLogEvent } from './storage/search-log';

/** A search carried from the header box to /search within this time is the same search. */
const CARRIED_MS = 60_000;

type LoggedSearch = Extract<SearchLogEvent, { kind: 'search' }>;

const querySummarySchema = z.strictObject({
  query: z.string(),
  searches: z.number().int().nonnegative(),
  /** Of those, the searches that found nothing. */
  zeroResults: z.number().int().nonnegative(),
  /** How many results its last search of the day found. */
  results: z.number().int().nonnegative(),
  /** The results opened from it, most opened first. */
  opened: z.array(z.strictObject({ href: z.string(), count: z.number().int().positive() })),
});

/** One day of the log, folded: what `search-days/<day>` stores. */
export const searchDaySchema = z.strictObject({
  version: z.literal(1),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  searches: z.number().int().nonnegative(),
  zeroResults: z.number().int().nonnegative(),
  queries: z.array(querySummarySchema),
});
export type SearchDay = z.infer<typeof searchDaySchema>;

const related = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

/** The searches that count, in time order (see the module comment). */
export function countedSearches(events: readonly SearchLogEvent[]): LoggedSearch[] {
  const searches = events.filter((event): event is LoggedSearch => event.kind === 'search');
  const nextInRun = new Map<LoggedSearch, LoggedSearch>();
  const lastOfRun = new Map<string, LoggedSearch>();
  for (const search of searches) {
    if (search.typing === null) continue;
    const previous = lastOfRun.get(search.typing);
    if (previous) nextInRun.set(previous, search);
    lastOfRun.set(search.typing, search);
  }
  const settled = searches.filter((search) => {
    const next = nextInRun.get(search);
    return !next || !related(search.query, next.query);
  });
  return settled.filter(
    (search) =>
      search.typing !== null ||
      !settled.some(
        (run) =>
          run.typing !== null &&
          run.query === search.query &&
          run.at.getTime() <= search.at.getTime() &&
          search.at.getTime() - run.at.getTime() <= CARRIED_MS,
      ),
  );
}

/** One day's events folded into its summary: queries by most searched, then A–Z. */
export function foldDay(day: string, events: readonly SearchLogEvent[]): SearchDay {
  const queries = new Map<string, { searches: number; zeroResults: number; results: number; opened: Map<string, number> }>();
  const entry = (query: string) => {
    let found = queries.get(query);
    if (!found) queries.set(query, (found = { searches: 0, zeroResults: 0, results: 0, opened: new Map() }));
    return found;
  };
  const counted = countedSearches(events);
  for (const search of counted) {
    const summary = entry(search.query);
    summary.searches += 1;
    if (search.results === 0) summary.zeroResults += 1;
    summary.results = search.results;
  }
  for (const event of events) {
    if (event.kind !== 'opened') continue;
    const { opened } = entry(event.query);
    opened.set(event.href, (opened.get(event.href) ?? 0) + 1);
  }
  return {
    version: 1,
    day,
    searches: counted.length,
    zeroResults: counted.filter((search) => search.results === 0).length,
    queries: [...queries]
      .map(([query, summary]) => ({
        query,
        searches: summary.searches,
        zeroResults: summary.zeroResults,
        results: summary.results,
        opened: [...summary.opened]
          .map(([href, count]) => ({ href, count }))
          .sort((a, b) => b.count - a.count || (a.href < b.href ? -1 : 1)),
      }))
      .sort((a, b) => b.searches - a.searches || (a.query < b.query ? -1 : 1)),
  };
}

/** A query that found nothing over several days. */
export interface FoundNothing {
  query: string;
  /** How many of its searches found nothing. */
  count: number;
  /** The last day it found nothing (YYYY-MM-DD). */
  lastSearched: string;
}

/** The days' queries that found nothing: newest first, then most searched, then A–Z. */
export function foundNothing(days: readonly SearchDay[]): FoundNothing[] {
  const rows = new Map<string, FoundNothing>();
  for (const day of days) {
    for (const query of day.queries) {
      if (query.zeroResults === 0) continue;
      const row = rows.get(query.query);
      if (!row) rows.set(query.query, { query: query.query, count: query.zeroResults, lastSearched: day.day });
      else {
        row.count += query.zeroResults;
        if (day.day > row.lastSearched) row.lastSearched = day.day;
      }
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      (a.lastSearched > b.lastSearched ? -1 : a.lastSearched < b.lastSearched ? 1 : b.count - a.count) || (a.query < b.query ? -1 : 1),
  );
}

/** Searches and those that found nothing over the days, and their share (null without searches). */
export function zeroResultRate(days: readonly SearchDay[]): { searches: number; zeroResults: number; rate: number | null } {
  const searches = days.reduce((sum, day) => sum + day.searches, 0);
  const zeroResults = days.reduce((sum, day) => sum + day.zeroResults, 0);
  return { searches, zeroResults, rate: searches === 0 ? null : zeroResults / searches };
}
