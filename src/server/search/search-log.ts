// The search log (docs/product.md "Search", docs/decisions.md "Searches that found nothing"): the searches
// of the header box, the /search page and GET /api/search (each person's term once a day, at most
// SEARCHES_PER_MINUTE and SEARCHES_PER_DAY of them), and every result opened from one, logged without who
// made it, by UTC day, kept 180 days. A search is logged after its answer (inBackground), so
// the answer never waits for it. Days are folded when read (./search-log-fold.ts); a closed day's fold is
// saved once, and the daily job deletes its events and everything older than 180 days.
import { inBackground } from '~/server/background';
import { isTooShort } from '~/shared/search/query';
import { foldDay, searchDaySchema, type SearchDay } from './search-log-fold';
import { searchLog } from './storage/search-log';
import { searchMarks } from './storage/search-marks';
import { normaliseQuery } from './terms';

/** How long the log is kept. */
const SEARCH_LOG_DAYS = 180;
/** The longest normalised query kept, in UTF-8 bytes (a longer one keeps its first words): keys are bounded. */
const QUERY_MAX_BYTES = 150;
const DAY_MS = 24 * 60 * 60_000;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** The query as logged: normalised and bounded; null when it is not searched (blank or too short). */
export function loggedQuery(q: string): string | null {
  if (isTooShort(q)) return null;
  let query = normaliseQuery(q);
  while (bytes(query) > QUERY_MAX_BYTES) {
    const lastSpace = query.lastIndexOf(' ');
    query = lastSpace > 0 ? query.slice(0, lastSpace) : [...query].slice(0, -1).join('');
  }
  return query === '' ? null : query;
}

/** A person's terms logged a minute, like the limit on every other write; and a day. */
export const SEARCHES_PER_MINUTE = 60;
export const SEARCHES_PER_DAY = 300;

/** Each person's logging, one after another in this process (the local Blobs server's create-only writes can race). */
const loggingOf = new Map<string, Promise<void>>();

/**
 * Logs one search after the answer (failures are logged, never thrown at the search): a person's term once
 * a day, and only within their limits, so nobody can fill "searched, found nothing" by repeating a search
 * or scripting new ones. Who searched is kept only in the day's marks, as keyed digests.
 */
export function logSearch(q: string, results: number, typing: string | null, searcher: string, now: Date): void {
  const query = loggedQuery(q);
  if (query === null) return;
  inBackground('search log', () => {
    const previous = loggingOf.get(searcher) ?? Promise.resolve();
    const logging = previous.then(async () => {
      const marks = await searchMarks.of(searcher, now);
      if (marks.count >= SEARCHES_PER_DAY || marks.countInMinuteOf(now) >= SEARCHES_PER_MINUTE) return;
      if (await marks.claim(query, now)) await searchLog.addSearch(query, typing, results, now);
    });
    const settled = logging.catch(() => undefined);
    loggingOf.set(searcher, settled);
    void settled.then(() => {
      if (loggingOf.get(searcher) === settled) loggingOf.delete(searcher);
    });
    return logging;
  });
}

/** Logs one result opened from a search. */
export async function logOpenedResult(q: string, href: string, typing: string | null, now: Date): Promise<void> {
  const query = loggedQuery(q);
  if (query !== null) await searchLog.addOpened(query, typing, href, now);
}

/** `days` UTC dates ending with today's, oldest first. */
export function daysUntil(now: Date, days: number): string[] {
  return Array.from({ length: days }, (_, index) => new Date(now.getTime() - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10));
}

/** A day before yesterday receives no more events (a beacon arrives within moments): its fold is final. */
const isClosed = (day: string, now: Date) => day < daysUntil(now, 2)[0]!;

/**
 * The last `days` days of the log, folded, oldest first. Reads: the list of folded days, then, together,
 * each folded day and the events of the others. A closed day folded here is saved after the answer.
 */
export async function searchLogDays(now: Date, days: number): Promise<SearchDay[]> {
  const folded = new Set(await searchLog.foldedDays());
  return Promise.all(
    daysUntil(now, days).map(async (day) => {
      const saved = folded.has(day) ? await searchLog.readDay(day, searchDaySchema) : null;
      if (saved) return saved;
      const summary = foldDay(day, await searchLog.eventsOf(day));
      if (isClosed(day, now) && summary.queries.length > 0) {
        inBackground('search log day', () => searchLog.saveDay(day, searchDaySchema, summary));
      }
      return summary;
    }),
  );
}

/**
 * The daily tidy: folds every closed day that still has events and deletes its events, and deletes days
 * older than 180 days. Starts no new day after `budgetMs` (a scheduled function has a time limit: the rest
 * waits for the next run).
 */
export async function tidySearchLog(now: Date, budgetMs = 20_000): Promise<{ folded: number; removed: number }> {
  const deadline = Date.now() + budgetMs;
  const oldest = daysUntil(now, SEARCH_LOG_DAYS)[0]!;
  const [eventDays, foldedDays] = await Promise.all([searchLog.daysWithEvents(), searchLog.foldedDays()]);
  let folded = 0;
  let removed = 0;
  for (const day of eventDays) {
    if (Date.now() >= deadline) break;
    if (day >= oldest && !isClosed(day, now)) continue;
    if (day >= oldest && !foldedDays.includes(day)) {
      const summary = foldDay(day, await searchLog.eventsOf(day));
      await searchLog.saveDay(day, searchDaySchema, summary);
      folded += 1;
    }
    removed += await searchLog.removeDay(day);
  }
  if (Date.now() < deadline) await searchMarks.removeBefore(daysUntil(now, 1)[0]!);
  for (const day of foldedDays) {
    if (day < oldest && Date.now() < deadline) await searchLog.removeDaySummary(day);
  }
  return { folded, removed };
}
