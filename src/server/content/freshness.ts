/**
 * Freshness of the content as pages show it: every entry's owner and review dates (for /content-health),
 * and the "Reviewed {date} by {owner}" line with its "Review overdue" note for one entry or a group of
 * entries shown together (src/components/ReviewNote.astro). Owner ids resolve to team member names.
 */
import { getCollection, type CollectionKey } from 'astro:content';
import { CONTENT_SOURCES } from '~/content-check/sources';
import { freshnessRecords } from '~/content-check/freshness-records';
import { reviewStatus, type FreshnessRecord } from '~/shared/freshness/status';
import type { Review } from '~/schemas/common';
import { cached } from './cache';
import { getTeam } from './company';

/** Team member id → name. */
const ownerNames = (): Promise<Map<string, string>> =>
  cached('ownerNames', async () => new Map((await getTeam()).map((member) => [member.id, member.name])));

/** Every entry of every collection with its owner and review dates. */
export const getFreshnessRecords = (): Promise<FreshnessRecord[]> =>
  cached('freshnessRecords', async () => {
    const [names, collections] = await Promise.all([
      ownerNames(),
      Promise.all(CONTENT_SOURCES.map(async (source) => ({ source, entries: await getCollection(source.collection as CollectionKey) }))),
    ]);
    const entries = collections.flatMap(({ source, entries: loaded }) =>
      loaded.map((entry) => ({ source, id: entry.id, data: entry.data as Record<string, unknown>, file: entry.filePath ?? '' })),
    );
    return freshnessRecords(entries, names);
  });

/** One entry shown on a page: what to call it in the overdue note, and its review block. */
export interface Reviewed {
  label: string;
  review: Review;
}

/** What a ReviewNote shows. */
export interface ReviewNoteData {
  /** The oldest lastReviewed of the entries: all of them were checked on or after it. */
  lastReviewed: string;
  /** Names of the entries' owners, in first-seen order. */
  owners: string[];
  /** The entries past their reviewBy date, with their owner's name. */
  overdue: Array<{ label: string; ownerName: string; reviewBy: string }>;
  /** True when the note covers a single entry (no entry labels in the overdue note). */
  single: boolean;
}

/** The review line for entries shown together on one page or tab, as of `today` (YYYY-MM-DD). */
export async function reviewNote(entries: readonly Reviewed[], today: string): Promise<ReviewNoteData | null> {
  if (entries.length === 0) return null;
  const names = await ownerNames();
  const nameOf = (owner: string) => names.get(owner) ?? owner;
  const lastReviewed = entries.map((entry) => entry.review.lastReviewed).sort()[0]!;
  return {
    lastReviewed,
    owners: [...new Set(entries.map((entry) => nameOf(entry.review.owner)))],
    overdue: entries
      .filter((entry) => reviewStatus(entry.review.reviewBy, today) === 'overdue')
      .map((entry) => ({ label: entry.label, ownerName: nameOf(entry.review.owner), reviewBy: entry.review.reviewBy })),
    single: entries.length === 1,
  };
}
