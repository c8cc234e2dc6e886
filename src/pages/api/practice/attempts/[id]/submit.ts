import type { APIRoute } from 'astro';
import { submitAttemptSchema } from '~/shared/api/practice';
import { requestNow } from '~/server/clock';
import { readJson } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { submitAttempt } from '~/server/practice/practice';

/** POST /api/practice/attempts/{id}/submit `{selfCheck}`: sends the owner's attempt for review; sent again, nothing changes. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const body = await readJson(request, submitAttemptSchema);
  const { user } = await requireUser(locals);
  return json(await submitAttempt(user.id, params['id'] ?? '', body.selfCheck, requestNow(request)));
};
