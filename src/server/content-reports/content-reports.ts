/**
 * Reports from readers (docs/product.md "Reports from readers"): anyone signed in reports a problem on a
 * content page, one open report per person and page; administrators list them and close each with a
 * reason; a page shows that a report is open on it; Content health lists the open ones with their age and
 * owner, and the median days to resolve; the administrators' digest counts the open ones.
 */
import type { ContentReport, ReportRequest } from '~/shared/api/content-reports';
import type { PublicUser } from '~/shared/api/users';
import { getContentPage, type ContentPage } from '~/server/content/content-pages';
import { HttpError } from '~/server/errors';
import { nullWhenStorageUnavailable } from '~/server/storage/errors';
import { eventId } from '~/server/storage/keys';
import { openOnPage } from './open-on-page';
import { reports, type OpenMarker, type StoredReport } from './storage/reports';

const DAY_MS = 24 * 60 * 60 * 1000;
const ALREADY_OPEN = 'You have already reported a problem on this page; it is still open. It stays open until an administrator closes it.';
const NOT_FOUND = 'Report not found';
const CLOSED_ALREADY = 'This report is closed already.';
/** A report id as eventId() makes it. */
const REPORT_ID = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z_[0-9a-f]{8}$/;

type Person = Pick<PublicUser, 'id' | 'name'>;

function responseOf(report: StoredReport): ContentReport {
  return {
    id: report.id,
    page: report.page,
    kind: report.kind,
    note: report.note,
    reporter: report.reporter.name,
    createdAt: report.createdAt,
    status: report.closed ? 'closed' : 'open',
    ...(report.closed && { closedAt: report.closed.at, closedBy: report.closed.by.name, reason: report.closed.reason }),
  };
}

/** The person's marker among a page's open ones, if any. */
const markerOf = (markers: readonly OpenMarker[], reporterId: string): OpenMarker | null =>
  markers.find((marker) => marker.reporterId === reporterId) ?? null;

/**
 * Whether the person's marker still stands for an open report. A marker whose report was never written (a
 * send that failed half-way) or was closed without the marker being removed is removed now, so it does
 * not block a new report.
 */
async function stillOpen(marker: OpenMarker): Promise<boolean> {
  const reportId = await reports.markerReportId(marker);
  const report = reportId ? await reports.get(reportId) : null;
  if (report && !report.closed) return true;
  await reports.removeMarker(marker);
  return false;
}

/** What a send reads beside the session check: the page's open markers (the page unknown: none). */
export async function reportReads(page: string): Promise<OpenMarker[]> {
  const known = await getContentPage(page);
  return known ? reports.openOn(known.path) : [];
}

/** Stores a report: 400 for a page that is not a content page, 409 while the person has one open there. */
export async function reportProblem(reporter: Person, request: ReportRequest, now: Date, markers?: OpenMarker[]): Promise<ContentReport> {
  const page = await getContentPage(request.page);
  if (!page) throw new HttpError(400, `page: ${request.page.slice(0, 100)} is not a content page of the hub`);
  const mine = markerOf(markers ?? (await reports.openOn(page.path)), reporter.id);
  if (mine && (await stillOpen(mine))) throw new HttpError(409, ALREADY_OPEN);
  const report: StoredReport = {
    id: eventId(now),
    page: page.path,
    kind: request.kind,
    note: request.note,
    reporter: { id: reporter.id, name: reporter.name },
    createdAt: now.toISOString(),
  };
  if (!(await reports.mark(report))) throw new HttpError(409, ALREADY_OPEN);
  await reports.add(report);
  return responseOf(report);
}

/** Every report, open and closed, newest first. */
export async function listReports(): Promise<ContentReport[]> {
  return newestFirst(await reports.all()).map(responseOf);
}

const newestFirst = (list: readonly StoredReport[]) =>
  [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));

/** What a close reads beside the session check: the report with its etag (null for an unknown id). */
export const closeReads = (id: string) => (REPORT_ID.test(id) ? reports.getWithEtag(id) : Promise.resolve(null));

/** Closes a report with a reason: 404 for an unknown one, 409 for one closed already. */
export async function closeReport(
  by: Person,
  read: Awaited<ReturnType<typeof closeReads>>,
  reason: string,
  now: Date,
): Promise<ContentReport> {
  if (!read) throw new HttpError(404, NOT_FOUND);
  if (read.value.closed) throw new HttpError(409, CLOSED_ALREADY);
  const closed: StoredReport = { ...read.value, closed: { at: now.toISOString(), by: { id: by.id, name: by.name }, reason } };
  if (!(await reports.replace(closed, read.etag))) throw new HttpError(409, CLOSED_ALREADY);
  await reports.unmark(closed);
  return responseOf(closed);
}

/** The median of the days from report to closing over closed reports, to one decimal; null when none is closed. */
export function medianDaysToResolve(list: readonly Pick<ContentReport, 'createdAt' | 'closedAt'>[]): number | null {
  const days = list
    .filter((report) => report.closedAt !== undefined)
    .map((report) => (Date.parse(report.closedAt!) - Date.parse(report.createdAt)) / DAY_MS)
    .sort((a, b) => a - b);
  if (days.length === 0) return null;
  const middle = Math.floor(days.length / 2);
  const median = days.length % 2 === 1 ? days[middle]! : (days[middle - 1]! + days[middle]!) / 2;
  return Math.round(median * 10) / 10;
}

/** What a content page says of the reports open on it. */
export interface PageReports {
  page: ContentPage;
  /** The day of the oldest open report (YYYY-MM-DD), or null when none is open. */
  openSince: string | null;
  /** Whether the reader has a report open here. */
  mine: boolean;
}

/**
 * The reports open on a page, from one listing of its markers (`markers`: a listing already under way, else
 * one now); null when the path is not a content page, or the listing answered null.
 */
export async function pageReports(path: string, readerId: string, markers?: Promise<OpenMarker[] | null>): Promise<PageReports | null> {
  const page = await getContentPage(path);
  if (!page) return null;
  const open = await (markers ?? reports.openOn(page.path));
  if (!open) return null;
  const days = open.map((marker) => marker.day).sort();
  return { page, openSince: days[0] ?? null, mine: markerOf(open, readerId) !== null };
}

/** An open report as Content health lists it. */
interface OpenReportRow extends ContentReport {
  title: string;
  ownerName: string | null;
  ageDays: number;
}

/** Content health's part: the open reports, oldest first, and the median days to resolve the closed ones. */
export interface ReaderReports {
  open: OpenReportRow[];
  /** How many reports are closed. */
  closed: number;
  medianDays: number | null;
}

export async function readerReports(now: Date): Promise<ReaderReports> {
  const all = (await listReports()).reverse();
  const open = await Promise.all(
    all
      .filter((report) => report.status === 'open')
      .map(async (report): Promise<OpenReportRow> => {
        const page = await getContentPage(report.page);
        const ageDays = Math.max(0, Math.floor((now.getTime() - Date.parse(report.createdAt)) / DAY_MS));
        return { ...report, title: page?.title ?? report.page, ownerName: page?.ownerName ?? null, ageDays };
      }),
  );
  const closed = all.filter((report) => report.status === 'closed');
  return { open, closed: closed.length, medianDays: medianDaysToResolve(closed) };
}

/** readerReports for Content health, which still shows the rest when storage cannot be read: null then. */
export function readerReportsIfAvailable(now: Date): Promise<ReaderReports | null> {
  return nullWhenStorageUnavailable(() => readerReports(now));
}

/** How many reports are open, for the administrators' digest. */
export const openReportCount = (): Promise<number> => reports.openCount();

/**
 * pageReports for the layout, from the listing the session gate started beside the session check
 * (./open-on-page.ts): null too when storage cannot be read (the page shows without the line and the form).
 */
export function pageReportsIfAvailable(gate: { check: Promise<unknown> }, path: string, readerId: string): Promise<PageReports | null> {
  return nullWhenStorageUnavailable(() => pageReports(path, readerId, openOnPage(gate, path)));
}
