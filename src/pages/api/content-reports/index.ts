import type { APIRoute } from 'astro';
import { CONTENT_REPORTS_DENIED, reportRequestSchema } from '~/shared/api/content-reports';
import { requestNow } from '~/server/clock';
import { listReports, reportProblem, reportReads } from '~/server/content-reports/content-reports';
import { readJson } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireAdmin, requireUser } from '~/server/http/signed-in';

/** GET /api/content-reports (administrators): every report from readers, open and closed, newest first. */
export const GET: APIRoute = async ({ locals }) => {
  const { data: reports } = await requireAdmin(locals, listReports, CONTENT_REPORTS_DENIED);
  return json({ reports });
};

/** POST /api/content-reports `{page, kind, note}`: 201 with the report; 409 while the person has one open on the page. */
export const POST: APIRoute = async ({ locals, request }) => {
  const body = await readJson(request, reportRequestSchema);
  const { user, data: markers } = await requireUser(locals, () => reportReads(body.page));
  return json({ report: await reportProblem(user, body, requestNow(request), markers) }, 201);
};
