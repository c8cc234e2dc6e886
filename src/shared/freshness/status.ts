// Freshness of content entries (docs/decisions.md "Content freshness"): which entries are overdue for
// review or due soon, as rows for the Content health page, its CSV and `npm run content:report`.
// Pure: `today` is passed in (from src/server/clock.ts in the app, a fixed date in tests).
import { daysBetween } from './dates';

/** The Access Denied text of /content-health and its API for anyone but an administrator. */
export const CONTENT_HEALTH_DENIED = 'Content health is only accessible to administrators.';

/** An entry counts as due soon this many days before its reviewBy date. */
export const SOON_DAYS = 30;

export type ReviewStatus = 'overdue' | 'due-soon' | 'current';

/** Overdue once the reviewBy day has passed; due soon within SOON_DAYS of it (the day itself included). */
export function reviewStatus(reviewBy: string, today: string, soonDays = SOON_DAYS): ReviewStatus {
  const daysLeft = daysBetween(today, reviewBy);
  if (daysLeft < 0) return 'overdue';
  return daysLeft <= soonDays ? 'due-soon' : 'current';
}

/** One content entry with its freshness fields and where it is shown. */
export interface FreshnessRecord {
  /** Collection name (src/content.config.ts). */
  collection: string;
  /** What the entry is, e.g. "lesson", "glossary term". */
  kind: string;
  id: string;
  title: string;
  /** The page (and tab) that shows it. */
  href: string;
  /** The content file that holds it (from the project root). */
  file: string;
  owner: string;
  ownerName: string;
  lastReviewed: string;
  reviewBy: string;
}

export interface HealthRow extends FreshnessRecord {
  status: Exclude<ReviewStatus, 'current'>;
  /** Days until reviewBy (negative: days overdue). */
  daysLeft: number;
}

export const HEALTH_SORT_KEYS = ['reviewBy', 'status', 'title', 'kind', 'ownerName', 'lastReviewed'] as const;
export type HealthSortKey = (typeof HEALTH_SORT_KEYS)[number];
export type SortDirection = 'ascending' | 'descending';

const STATUS_ORDER = { overdue: 0, 'due-soon': 1 } as const;

function compare(a: HealthRow, b: HealthRow, key: HealthSortKey): number {
  if (key === 'status') return STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.reviewBy.localeCompare(b.reviewBy);
  return a[key].localeCompare(b[key], 'en', { sensitivity: 'base', numeric: true });
}

/** Rows sorted by a column; ties by reviewBy, then kind and title, so the order is always the same. */
export function sortHealthRows(
  rows: readonly HealthRow[],
  key: HealthSortKey = 'reviewBy',
  direction: SortDirection = 'ascending',
): HealthRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort(
    (a, b) =>
      sign * compare(a, b, key) || a.reviewBy.localeCompare(b.reviewBy) || a.kind.localeCompare(b.kind) || a.title.localeCompare(b.title),
  );
}

/** The entries that are overdue or due soon on `today`, most urgent first. */
export function healthRows(records: readonly FreshnessRecord[], today: string, soonDays = SOON_DAYS): HealthRow[] {
  const rows = records.flatMap((record): HealthRow[] => {
    const status = reviewStatus(record.reviewBy, today, soonDays);
    return status === 'current' ? [] : [{ ...record, status, daysLeft: daysBetween(today, record.reviewBy) }];
  });
  return sortHealthRows(rows);
}
