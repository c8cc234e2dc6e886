// Every content entry as a freshness record (owner, dates, title, link), from entries read either by
// Astro (src/server/content/freshness.ts, for the pages) or from the files (`npm run content:report`), so
// the Content health page and the report list the same thing.
import type { Review } from '~/schemas/common';
import type { ContentSource, EntryData } from '~/content-check/source-helpers';
import type { FreshnessRecord } from '~/shared/freshness/status';

export interface ReviewedEntry {
  source: ContentSource;
  id: string;
  /** The entry's data as its schema outputs it (with `review`). */
  data: EntryData;
  file: string;
}

/** The records of the entries; `ownerNames` maps team member ids to names (an unknown id shows as itself). */
export function freshnessRecords(entries: readonly ReviewedEntry[], ownerNames: ReadonlyMap<string, string>): FreshnessRecord[] {
  return entries.map(({ source, id, data, file }) => {
    const review = data['review'] as Review;
    return {
      collection: source.collection,
      kind: source.noun,
      id,
      title: source.titleOf(data, id),
      href: source.hrefOf(data, id),
      file,
      owner: review.owner,
      ownerName: ownerNames.get(review.owner) ?? review.owner,
      lastReviewed: review.lastReviewed,
      reviewBy: review.reviewBy,
    };
  });
}
