// Pages nobody visits (docs/product.md "Content health (/content-health)", docs/decisions.md "Pages nobody visits"): the
// visit service marks each page once a week (./storage/page-visits.ts), without who; content health lists
// the reading pages with no mark in the weeks that overlap the last 90 days. A page is listed only when it
// certainly had no visit for 90 days (a mark says "some day that week"); the daily job deletes older weeks.
// The reading pages come from the caller: the daily job's function is bundled without the content.
import type { ReadingPage } from '~/server/content/site-pages';
import { canonicalPagePath } from '~/shared/routes';
import { UNVISITED_DAYS, weeksOverlapping } from './page-visit-weeks';
import { pageVisits } from './storage/page-visits';

/** Marks a page visited this week (a counted visit of a real page: the visit service checked the path). */
export async function markPageVisited(pagePath: string, now: Date): Promise<void> {
  await pageVisits.mark(canonicalPagePath(pagePath), now);
}

export interface UnvisitedPages {
  /** The Monday of the first week visits were counted; null when none was ever counted. */
  countedSince: string | null;
  /** Whether visits were counted through all of the 90 days (else the list means "none since countedSince"). */
  complete: boolean;
  /** The reading pages without a visit in 90 days, in reading-page order. */
  pages: ReadingPage[];
}

/** Those of the reading pages with no visit in the last 90 days: one round of listings (the weeks, and which exist). */
export async function unvisitedPages(now: Date, pages: readonly ReadingPage[]): Promise<UnvisitedPages> {
  const period = weeksOverlapping(now, UNVISITED_DAYS);
  const [visited, weeks] = await Promise.all([pageVisits.visitedIn(period), pageVisits.weeks()]);
  const countedSince = weeks[0] ?? null;
  return {
    countedSince,
    complete: countedSince !== null && countedSince <= period[0]!,
    pages: pages.filter((page) => !visited.has(page.path)),
  };
}
