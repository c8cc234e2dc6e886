// Request and response schemas of the reports readers send about a content page (docs/product.md "Reports
// from readers"), shared by the API routes, the no-JavaScript forms and the browser.
import { z } from './zod';

export const REPORT_KINDS = ['wrong', 'outdated', 'unclear', 'missing'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** What each kind is called on the form and on Content health. */
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  wrong: 'Something is wrong',
  outdated: 'It is out of date',
  unclear: 'It is unclear',
  missing: 'Something is missing',
};

export const REPORT_NOTE_MAX = 1000;
export const CLOSE_REASON_MAX = 500;
/** Content health's target for the median time from a report to its closing. */
export const RESOLVE_TARGET_DAYS = 7;

/** The Access Denied text of the administrators' report calls. */
export const CONTENT_REPORTS_DENIED = 'Reports from readers are only accessible to administrators.';

/** POST /api/content-reports (anyone signed in), and the "Report a problem" form. */
export const reportRequestSchema = z.strictObject({
  page: z.string({ error: 'page is required' }).trim().min(1, 'page is required').max(512, 'page must be at most 512 characters'),
  kind: z.enum(REPORT_KINDS, { error: 'kind must be wrong, outdated, unclear or missing' }),
  note: z
    .string({ error: 'note is required' })
    .trim()
    .min(1, 'say what the problem is')
    .max(REPORT_NOTE_MAX, `note must be at most ${REPORT_NOTE_MAX} characters`),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;

/** POST /api/content-reports/{id}/close (administrators), and Content health's Close form. */
export const closeReportRequestSchema = z.strictObject({
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, 'reason is required')
    .max(CLOSE_REASON_MAX, `reason must be at most ${CLOSE_REASON_MAX} characters`),
});

/** A report as the API answers it: `reporter` and `closedBy` are display names. */
const contentReportSchema = z.strictObject({
  id: z.string(),
  page: z.string(),
  kind: z.enum(REPORT_KINDS),
  note: z.string(),
  reporter: z.string(),
  createdAt: z.iso.datetime(),
  status: z.enum(['open', 'closed']),
  closedAt: z.iso.datetime().optional(),
  closedBy: z.string().optional(),
  reason: z.string().optional(),
});
export type ContentReport = z.infer<typeof contentReportSchema>;

/** GET /api/content-reports: every report, open and closed, newest first. */
export const contentReportListSchema = z.strictObject({ reports: z.array(contentReportSchema) });

/** The answer of both POSTs. */
export const contentReportAnswerSchema = z.strictObject({ report: contentReportSchema });
