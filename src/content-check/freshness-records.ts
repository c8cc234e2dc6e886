// Every content entry as a freshness record (owner, dates, title, link), from entries read either by
// Astro (src/server/content/freshness.ts, for the pages) or from the files (`npm run content:report`), so
// the Content health page and the report list the same thing. A record also carries the facts
// (content/facts) reviewed after the entry itself that it cites: each reopens it, because an entry that
// repeats a claim must be checked again when the claim's owner has checked the claim.
import type { Review } from '~/schemas/common';
import { citedFacts } from '~/content-check/claim-text';
import type { ContentSource, EntryData } from '~/content-check/source-helpers';
import type { FactChange, FreshnessRecord } from '~/shared/freshness/status';

export interface ReviewedEntry {
  source: ContentSource;
  id: string;
  /** The entry's data as its schema outputs it (with `review`). */
  data: EntryData;
  file: string;
}

/** Each fact's id with its title and the date it was last reviewed. */
function factReviews(entries: readonly ReviewedEntry[]): Map<string, FactChange> {
  return new Map(
    entries
      .filter(({ source }) => source.collection === 'facts')
      .map(({ id, data }) => [id, { fact: id, title: String(data['title']), changedOn: (data['review'] as Review).lastReviewed }]),
  );
}

/** The facts an entry cites that were reviewed after it was, oldest change first. */
export function reopenedBy(data: EntryData, lastReviewed: string, facts: ReadonlyMap<string, FactChange>): FactChange[] {
  return citedFacts(data)
    .flatMap((id) => facts.get(id) ?? [])
    .filter((change) => change.changedOn > lastReviewed)
    .sort((a, b) => a.changedOn.localeCompare(b.changedOn) || a.title.localeCompare(b.title));
}

/** The records of the entries; `ownerNames` maps team member ids to names (an unknown id shows as itself). */
export function freshnessRecords(entries: readonly ReviewedEntry[], ownerNames: ReadonlyMap<string, string>): FreshnessRecord[] {
  const facts = factReviews(entries);
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
      reopenedBy: reopenedBy(data, review.lastReviewed, facts),
    };
  });
}
