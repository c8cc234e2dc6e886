/**
 * Reports from readers. Each report is one record (`content-reports/<id>`, the id an event id, so keys sort
 * by time), written create-only and closed in place on its etag. While it is open, a marker names it under
 * its page (`content-reports-open/<page>/<day>.<reporter>`): one listing of a page's folder tells who has a
 * report open there and since which day, without reading a body, and the marker is created only if new, so
 * one person's two sends on the same day make one report.
 */
import { z } from 'zod';
import { listKeys, readAll, readJSON, readJSONWithEtag, remove, writeJSON } from '~/server/storage/blobs';
import { key, lastSegment, pathSegment, prefix } from '~/server/storage/keys';
import { REPORT_KINDS } from '~/shared/api/content-reports';

const personSchema = z.strictObject({ id: z.string(), name: z.string() });

const storedReportSchema = z.strictObject({
  id: z.string(),
  page: z.string(),
  kind: z.enum(REPORT_KINDS),
  note: z.string(),
  reporter: personSchema,
  createdAt: z.iso.datetime(),
  closed: z.strictObject({ at: z.iso.datetime(), by: personSchema, reason: z.string() }).optional(),
});
export type StoredReport = z.infer<typeof storedReportSchema>;

const markerSchema = z.strictObject({ reportId: z.string() });

/** An open report's marker, as its key tells it. */
export interface OpenMarker {
  key: string;
  /** The day the report was sent (YYYY-MM-DD, UTC). */
  day: string;
  reporterId: string;
}

const REPORTS = 'content-reports';
const OPEN = 'content-reports-open';

const markerKey = (page: string, day: string, reporterId: string) => key(OPEN, pathSegment(page), `${day}.${reporterId}`);

function markerOf(blobKey: string): OpenMarker {
  const name = lastSegment(blobKey);
  const dot = name.indexOf('.');
  return { key: blobKey, day: name.slice(0, dot), reporterId: name.slice(dot + 1) };
}

export const reports = {
  /** Create-only: false when the id is taken. */
  add: (report: StoredReport) => writeJSON(key(REPORTS, report.id), storedReportSchema, report, { onlyIfNew: true }),

  get: (id: string) => readJSON(key(REPORTS, id), storedReportSchema),

  getWithEtag: (id: string) => readJSONWithEtag(key(REPORTS, id), storedReportSchema),

  /** Only if nobody wrote it since it was read: false otherwise. */
  replace: (report: StoredReport, etag: string) => writeJSON(key(REPORTS, report.id), storedReportSchema, report, { onlyIfMatch: etag }),

  all: () => readAll(prefix(REPORTS), storedReportSchema),

  /** The markers of the reports open on a page, from one listing. */
  openOn: async (page: string): Promise<OpenMarker[]> => (await listKeys(prefix(OPEN, pathSegment(page)))).map(markerOf),

  /** How many reports are open on every page together, from one listing. */
  openCount: async (): Promise<number> => (await listKeys(`${OPEN}/`)).length,

  /** Create-only: false when this person already has a marker of that day on the page. */
  mark: (report: StoredReport) =>
    writeJSON(
      markerKey(report.page, report.createdAt.slice(0, 10), report.reporter.id),
      markerSchema,
      { reportId: report.id },
      { onlyIfNew: true },
    ),

  markerReportId: async (marker: OpenMarker) => (await readJSON(marker.key, markerSchema))?.reportId ?? null,

  unmark: (report: StoredReport) => remove(markerKey(report.page, report.createdAt.slice(0, 10), report.reporter.id)),

  removeMarker: (marker: OpenMarker) => remove(marker.key),
};
