import type { APIRoute } from 'astro';
import { PRACTICE_REVIEWS_DENIED, reviewAttemptSchema } from '~/shared/api/practice';
import { requestNow } from '~/server/clock';
import { readJsonBesideCheck } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireAdmin } from '~/server/http/signed-in';
import { reviewAttempt } from '~/server/practice/practice';

/** POST /api/practice/attempts/{id}/review `{marks, comment}` (administrators): passes when every required item is yes. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const body = readJsonBesideCheck(request, reviewAttemptSchema);
  const { user } = await requireAdmin(locals, () => body, PRACTICE_REVIEWS_DENIED);
  return json(await reviewAttempt(user, params['id'] ?? '', await body, requestNow(request)));
};
