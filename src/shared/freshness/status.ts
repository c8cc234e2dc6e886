// Freshness of content entries (docs/decisions.md "Content freshness"): which entries are overdue for
// review, due soon, or to review again because a fact they cite was reviewed after them, as rows for the
// Content health page, its CSV and `npm run content:report`.
// Pure: `today` is passed in (from src/server/clock.ts in the app, a fixed date in tests).
import { daysBetween } from './dates';

/** The Access Denied text of /content-health and its API for anyone but an administrator. */
export const CONTENT_HEALTH_DENIED = 'Content health is only accessible to administrators.';

/** An entry counts as due soon this many days before its reviewBy date. */
export const SOON_DAYS = 30;

export type ReviewStatus = 'overdue' | 'due-soon' | 'current';

/** A fact (content/facts) an entry cites that was reviewed after the entry: the entry needs review again. */
export interface FactChange {
  /** The fact's id. */
  fact: string;
  title: string;
  /** The fact's lastReviewed (YYYY-MM-DD). */
  changedOn: string;
}

/** Why an entry reopened, as Content health and the report say it. */
export const reopenReason = (change: FactChange) => `fact '${change.title}' changed on ${change.changedOn}`;

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
  /** The cited facts reviewed after this entry was, oldest first; empty when none. */
  reopenedBy: FactChange[];
}

/** A row's status: overdue first; then needs-review (a cited fact changed since); then due-soon. */
type HealthStatus = 'overdue' | 'needs-review' | 'due-soon';

export interface HealthRow extends FreshnessRecord {
  status: HealthStatus;
  /** Days until reviewBy (negative: days overdue). */
  daysLeft: number;
}

export const HEALTH_SORT_KEYS = ['reviewBy', 'status', 'title', 'kind', 'ownerName', 'lastReviewed'] as const;
export type HealthSortKey = (typeof HEALTH_SORT_KEYS)[number];
export type SortDirection = 'ascending' | 'descending';

const STATUS_ORDER: Record<HealthStatus, number> = { overdue: 0, 'needs-review': 1, 'due-soon': 2 };

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

/** The status of a record on `today`, or null when nothing is due. */
function healthStatus(record: FreshnessRecord, today: string, soonDays: number): HealthStatus | null {
  const status = reviewStatus(record.reviewBy, today, soonDays);
  if (status === 'overdue') return status;
  if (record.reopenedBy.length > 0) return 'needs-review';
  return status === 'due-soon' ? status : null;
}

/** The entries that are overdue, to review again after a fact changed, or due soon on `today`, most urgent first. */
export function healthRows(records: readonly FreshnessRecord[], today: string, soonDays = SOON_DAYS): HealthRow[] {
  const rows = records.flatMap((record): HealthRow[] => {
    const status = healthStatus(record, today, soonDays);
    return status === null ? [] : [{ ...record, status, daysLeft: daysBetween(today, record.reviewBy) }];
  });
  return sortHealthRows(rows);
}
