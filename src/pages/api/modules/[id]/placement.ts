import type { APIRoute } from 'astro';
import { placementAnswersSchema } from '~/shared/api/placement';
import { requestNow } from '~/server/clock';
import { readJson, requireRouteId } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { placementReads, startPlacement, submitPlacement } from '~/server/learning/placement';

/** GET /api/modules/{id}/placement: starts the module's placement check (or answers the open one again); 429 until the next one opens. */
export const GET: APIRoute = async ({ params, locals, request }) => {
  const moduleId = requireRouteId(params['id']);
  const now = requestNow(request);
  const { user, data: reads } = await requireUser(locals, (userId) => placementReads(userId, moduleId, now, false));
  return json(await startPlacement(user.id, reads, now));
};

/** POST /api/modules/{id}/placement {answers}: grades the open check; a pass completes the lessons it covered. */
export const POST: APIRoute = async ({ params, locals, request }) => {
  const moduleId = requireRouteId(params['id']);
  const body = await readJson(request, placementAnswersSchema);
  const now = requestNow(request);
  const { user, data: reads } = await requireUser(locals, (userId) => placementReads(userId, moduleId, now, true));
  return json(await submitPlacement(user.id, body, reads, now));
};
