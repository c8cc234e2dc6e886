import type { APIRoute } from 'astro';
import { closeReportRequestSchema } from '~/shared/api/content-reports';
import { setFlash } from '~/server/accounts/flash';
import { requestNow } from '~/server/clock';
import { closeReads, closeReport } from '~/server/content-reports/content-reports';
import { HttpError } from '~/server/errors';
import { readFormFields } from '~/server/http/request';
import { adminView } from '~/server/http/signed-in';

/**
 * POST /content-health/close-report: Content health's Close form (administrators), without JavaScript. Closes
 * the report as POST /api/content-reports/{id}/close does and goes back to Content health (303) with a toast;
 * anybody else is sent to Content health, which tells them it is for administrators.
 */
export const POST: APIRoute = async ({ locals, request, cookies, url, redirect }) => {
  const fields = await readFormFields(request);
  const who = await adminView(locals, () => closeReads(fields['id'] ?? ''));
  if (!who) return redirect('/auth', 303);
  if (!who.isAdmin) return redirect('/content-health', 303);
  const parsed = closeReportRequestSchema.safeParse({ reason: fields['reason'] ?? '' });
  try {
    if (!parsed.success) throw new HttpError(400, 'reason');
    await closeReport(who.user, who.data ?? null, parsed.data.reason, requestNow(request));
    setFlash(cookies, url, 'report-closed');
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    setFlash(cookies, url, 'report-close-refused');
  }
  return redirect('/content-health#reader-reports', 303);
};
