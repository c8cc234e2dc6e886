/**
 * Which pages were visited, by week, without who visited (docs/architecture.md "Storage layout"): one
 * create-only mark per page and UTC week (weeks start on Monday), its path in the key with '/' written ':',
 *
 *   page-visits/<yyyy-mm-dd of the week's Monday>/<path>        e.g. page-visits/2026-11-23/:modules:2:lessons:207
 *
 * so "which pages had a visit in these weeks" is one listing per week and no reads. The visit journal keeps
 * the page only in each event's body: reading it would mean one read per visit.
 */
import { z } from 'zod';
import { dateFolders, listKeys, removeAll, writeJSON } from '~/server/storage/blobs';
import { key, lastSegment, pathOfSegment, pathSegment, prefix } from '~/server/storage/keys';

const ROOT = 'page-visits';
const DAY_MS = 24 * 60 * 60_000;

const emptySchema = z.strictObject({});

/** The Monday (UTC) of the week holding a time, YYYY-MM-DD. */
export function weekOf(at: Date): string {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

export const pageVisits = {
  /** Marks a page visited in the week of `at` (create-only: the week's first visit writes it). */
  async mark(pagePath: string, at: Date): Promise<void> {
    await writeJSON(key(ROOT, weekOf(at), pathSegment(pagePath)), emptySchema, {}, { onlyIfNew: true });
  },

  /** The paths visited in any of these weeks (their Mondays): one listing per week, together. */
  async visitedIn(weeks: readonly string[]): Promise<Set<string>> {
    const lists = await Promise.all(weeks.map((week) => listKeys(prefix(ROOT, week))));
    return new Set(lists.flat().map((blobKey) => pathOfSegment(lastSegment(blobKey))));
  },

  /** The weeks that have marks (their Mondays), oldest first. */
  weeks: (): Promise<string[]> => dateFolders(ROOT),

  /** Deletes every mark of one week. */
  removeWeek: (week: string): Promise<number> => removeAll(prefix(ROOT, week)),
};
