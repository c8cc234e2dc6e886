import type { APIRoute } from 'astro';
import { closeReportRequestSchema, CONTENT_REPORTS_DENIED } from '~/shared/api/content-reports';
import { requestNow } from '~/server/clock';
import { closeReads, closeReport } from '~/server/content-reports/content-reports';
import { readJsonBesideCheck } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireAdmin } from '~/server/http/signed-in';

/** POST /api/content-reports/{id}/close `{reason}` (administrators): 200 with the closed report; 404 unknown, 409 closed already. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const body = readJsonBesideCheck(request, closeReportRequestSchema);
  const { user, data: read } = await requireAdmin(
    locals,
    async () => ({ body: await body, read: await closeReads(params['id'] ?? '') }),
    CONTENT_REPORTS_DENIED,
  );
  return json({ report: await closeReport(user, read.read, read.body.reason, requestNow(request)) });
};
