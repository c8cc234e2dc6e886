import type { APIRoute } from 'astro';
import { reportRequestSchema } from '~/shared/api/content-reports';
import { setFlash } from '~/server/accounts/flash';
import { requestNow } from '~/server/clock';
import { getContentPage } from '~/server/content/content-pages';
import { reportProblem, reportReads } from '~/server/content-reports/content-reports';
import { HttpError } from '~/server/errors';
import { readFormFields } from '~/server/http/request';
import { signedIn } from '~/server/http/signed-in';

/**
 * POST /content-reports: the "Report a problem" form of a content page, without JavaScript. Stores the report
 * as POST /api/content-reports does and goes back to the page (303), whose toast says what happened.
 */
export const POST: APIRoute = async ({ locals, request, cookies, url, redirect }) => {
  const fields = await readFormFields(request);
  const parsed = reportRequestSchema.safeParse({ page: fields['page'] ?? '', kind: fields['kind'] ?? '', note: fields['note'] ?? '' });
  const page = await getContentPage(fields['page'] ?? '');
  const who = await signedIn(locals, () => (parsed.success && page ? reportReads(page.path) : Promise.resolve([])));
  if (!who) return redirect('/auth', 303);
  const back = page ? `${page.path}#report-a-problem` : '/';
  if (!parsed.success || !page) {
    setFlash(cookies, url, 'report-refused');
    return redirect(back, 303);
  }
  try {
    await reportProblem(who.user, parsed.data, requestNow(request), who.data);
    setFlash(cookies, url, 'report-sent');
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    setFlash(cookies, url, error.status === 409 ? 'report-open' : 'report-refused');
  }
  return redirect(back, 303);
};
