/**
 * The content pages readers may report a problem on (docs/product.md "Reports from readers"): the reading
 * pages (./site-pages.ts), each with the name of the person who keeps it true: the review owner of most
 * of the entries it shows (the first such owner on a tie), or null for a page that shows no entry of its
 * own (a list such as /quizzes).
 */
import { canonicalPagePath } from '~/shared/routes';
import { cached } from './cache';
import { getFreshnessRecords } from './freshness';
import { getReadingPages } from './site-pages';

export interface ContentPage {
  path: string;
  title: string;
  /** The owner's display name, or null when the page shows no entry of its own. */
  ownerName: string | null;
}

/** The page an entry's link opens, without its tab or anchor. */
const pageOf = (href: string) => href.replace(/[?#].*$/, '');

const contentPages = (): Promise<Map<string, ContentPage>> =>
  cached('contentPages', async () => {
    const [pages, records] = await Promise.all([getReadingPages(), getFreshnessRecords()]);
    const owners = new Map<string, Map<string, number>>();
    for (const record of records) {
      const counts = owners.get(pageOf(record.href)) ?? new Map<string, number>();
      counts.set(record.ownerName, (counts.get(record.ownerName) ?? 0) + 1);
      owners.set(pageOf(record.href), counts);
    }
    const ownerOf = (path: string) => {
      let best: [string, number] | null = null;
      for (const entry of owners.get(path) ?? []) if (!best || entry[1] > best[1]) best = entry;
      return best?.[0] ?? null;
    };
    return new Map(pages.map((page) => [page.path, { path: page.path, title: page.title, ownerName: ownerOf(page.path) }]));
  });

/** The content page a path shows (trailing slashes ignored, an alias read as its page), or null when the path shows none. */
export async function getContentPage(path: string): Promise<ContentPage | null> {
  return (await contentPages()).get(canonicalPagePath(path)) ?? null;
}
