// Request and response schemas of GET /api/content-health (administrators only): the content entries
// overdue for review or due soon, as the /content-health page shows them (docs/decisions.md "Content freshness").
import { HEALTH_SORT_KEYS } from '~/lib/freshness/status';
import { z } from './zod';

/** ?sort=&direction=&format= — each optional; the page's column links use the same names. */
export const contentHealthQuerySchema = z.strictObject({
  sort: z.enum(HEALTH_SORT_KEYS).default('reviewBy'),
  direction: z.enum(['ascending', 'descending']).default('ascending'),
  format: z.enum(['json', 'csv']).default('json'),
});
export type ContentHealthQuery = z.infer<typeof contentHealthQuerySchema>;

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const contentHealthRowSchema = z.strictObject({
  status: z.enum(['overdue', 'due-soon']),
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
});

export const contentHealthSchema = z.strictObject({
  /** The date the statuses are computed for (YYYY-MM-DD, UTC). */
  today: dateSchema,
  /** An entry is due soon this many days before its reviewBy date. */
  soonDays: z.number().int().nonnegative(),
  /** How many entries were checked (every entry of every collection). */
  checked: z.number().int().nonnegative(),
  rows: z.array(contentHealthRowSchema),
});
export type ContentHealth = z.infer<typeof contentHealthSchema>;
