// How the material is found and used, for content health (docs/product.md "Content health (/content-health)"): the searches
// of the last 30 days that found nothing, with the zero-result rate beside its target, and the reading
// pages without a visit in 90 days, each with what to do. Read beside the session check: one round of
// listings, then the days' summaries and the open days' events together.
import type { ContentUsage } from '~/shared/api/content-health';
import { getReadingPages } from '~/server/content/site-pages';
import { searchLogDays } from '~/server/search/search-log';
import { foundNothing, zeroResultRate } from '~/server/search/search-log-fold';
import { searchOutcome } from '~/server/search/search';
import { nullWhenStorageUnavailable } from '~/server/storage/errors';
import { UNVISITED_DAYS } from '~/server/team/page-visit-weeks';
import { unvisitedPages } from '~/server/team/page-visits';

/** "Searched, found nothing" looks back this many days (today included). */
const FOUND_NOTHING_DAYS = 30;
/** The most searches that should find nothing: Coveo's benchmark for site search. */
const ZERO_RESULT_TARGET = 0.05;

async function searches(now: Date): Promise<ContentUsage['searches']> {
  const days = await searchLogDays(now, FOUND_NOTHING_DAYS);
  const { searches: total, zeroResults, rate } = zeroResultRate(days);
  const rows = await Promise.all(
    foundNothing(days).map(async (row) => {
      const { results, closest } = await searchOutcome(row.query);
      const action = results > 0 ? 'none' : closest ? 'synonym' : 'write';
      return { ...row, nowFinds: results, action, closest } as const;
    }),
  );
  return { days: FOUND_NOTHING_DAYS, searches: total, zeroResults, zeroResultRate: rate, target: ZERO_RESULT_TARGET, foundNothing: rows };
}

async function unvisited(now: Date): Promise<ContentUsage['unvisited']> {
  const { countedSince, complete, pages } = await unvisitedPages(now, await getReadingPages());
  return {
    days: UNVISITED_DAYS,
    countedSince,
    complete,
    pages: pages.map(({ path, title, kind, linkFrom }) => ({
      path,
      title,
      kind,
      linkFrom: linkFrom && { title: linkFrom.title, href: linkFrom.path },
    })),
  };
}

/** The usage figures as of the request's time. */
export async function getContentUsage(now: Date): Promise<ContentUsage> {
  const [searchFigures, unvisitedFigures] = await Promise.all([searches(now), unvisited(now)]);
  return { asOf: now.toISOString().slice(0, 10), searches: searchFigures, unvisited: unvisitedFigures };
}

/** The same for the page, which still shows the freshness table when storage fails: null then. */
export function getContentUsageIfAvailable(now: Date): Promise<ContentUsage | null> {
  return nullWhenStorageUnavailable(() => getContentUsage(now));
}
