// Request and response schemas of GET /api/content-health (administrators only): the content entries
// overdue for review or due soon, as the /content-health page shows them (docs/decisions.md "Content freshness").
import { HEALTH_SORT_KEYS } from '~/shared/freshness/status';
import { z } from './zod';

/** ?sort=&direction=&format= — each optional; the page's column links use the same names. */
export const contentHealthQuerySchema = z.strictObject({
  sort: z.enum(HEALTH_SORT_KEYS).default('reviewBy'),
  direction: z.enum(['ascending', 'descending']).default('ascending'),
  format: z.enum(['json', 'csv']).default('json'),
});
export type ContentHealthQuery = z.infer<typeof contentHealthQuerySchema>;

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A fact an entry cites that was reviewed after the entry: why the entry needs review again. */
const factChangeSchema = z.strictObject({ fact: z.string(), title: z.string(), changedOn: dateSchema });

const contentHealthRowSchema = z.strictObject({
  /** overdue, needs-review (a cited fact was reviewed after the entry) or due-soon. */
  status: z.enum(['overdue', 'needs-review', 'due-soon']),
  collection: z.string(),
  kind: z.string(),
  id: z.string(),
  title: z.string(),
  href: z.string(),
  file: z.string(),
  owner: z.string(),
  ownerName: z.string(),
  lastReviewed: dateSchema,
  reviewBy: dateSchema,
  /** Days until reviewBy; negative when overdue. */
  daysLeft: z.number().int(),
  /** The cited facts reviewed after the entry, oldest first (also on an overdue or due-soon row). */
  reopenedBy: z.array(factChangeSchema),
});

const linkSchema = z.strictObject({ title: z.string(), href: z.string() });

/** A query that found nothing, and what to do about it. */
const foundNothingRowSchema = z.strictObject({
  /** The query as logged: its words, lower case, without accents. */
  query: z.string(),
  /** How many of its searches found nothing in the period. */
  count: z.number().int().positive(),
  lastSearched: dateSchema,
  /** How many results it finds today (the content may have changed since). */
  nowFinds: z.number().int().nonnegative(),
  /**
   * `none`: it finds something now; `synonym`: `closest` shares some of its words — add the words as a
   * synonym if that place answers it, else write the page; `write`: nothing shares a word with it.
   */
  action: z.enum(['none', 'synonym', 'write']),
  closest: linkSchema.nullable(),
});

/** A reading page without a visit in the period, and the page that should link it (null: it is in the sidebar). */
const unvisitedPageSchema = z.strictObject({
  path: z.string(),
  title: z.string(),
  kind: z.enum(['page', 'module', 'lesson', 'persona', 'segment', 'quiz']),
  linkFrom: linkSchema.nullable(),
});

/** How the material is found and used: the search log and the pages nobody visits (read from storage). */
const contentUsageSchema = z.strictObject({
  /** The UTC day the periods end on (the request's day). */
  asOf: dateSchema,
  searches: z.strictObject({
    /** The period, in days up to asOf. */
    days: z.number().int().positive(),
    searches: z.number().int().nonnegative(),
    zeroResults: z.number().int().nonnegative(),
    /** zeroResults / searches; null without searches. */
    zeroResultRate: z.number().min(0).max(1).nullable(),
    /** The most the zero-result rate should be. */
    target: z.number(),
    /** Newest first, then most searched. */
    foundNothing: z.array(foundNothingRowSchema),
  }),
  unvisited: z.strictObject({
    days: z.number().int().positive(),
    /** The Monday of the first week visits were counted; null when none was ever counted. */
    countedSince: dateSchema.nullable(),
    /** False while visits have been counted for less than the period: the list then means "none since countedSince". */
    complete: z.boolean(),
    pages: z.array(unvisitedPageSchema),
  }),
});
export type ContentUsage = z.infer<typeof contentUsageSchema>;

const contentHealthSchema = z.strictObject({
  /** The date the statuses are computed for (YYYY-MM-DD, UTC). */
  today: dateSchema,
  /** An entry is due soon this many days before its reviewBy date. */
  soonDays: z.number().int().nonnegative(),
  /** How many entries were checked (every entry of every collection). */
  checked: z.number().int().nonnegative(),
  rows: z.array(contentHealthRowSchema),
});
export type ContentHealth = z.infer<typeof contentHealthSchema>;

/** GET /api/content-health as JSON: the freshness rows and the usage figures (the CSV holds the rows only). */
export const contentHealthResponseSchema = contentHealthSchema.extend({ usage: contentUsageSchema });
