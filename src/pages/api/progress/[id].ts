import type { APIRoute } from 'astro';
import { updateProgressRequestSchema } from '~/shared/api/progress';
import { requestNow } from '~/server/clock';
import { readJson, requireRouteId } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { progressReads, updateProgress } from '~/server/learning/progress';

/** PATCH /api/progress/{id} {completedLessons, status?, lastActivity?}: additive; id is the moduleId. */
export const PATCH: APIRoute = async ({ params, locals, request }) => {
  const moduleId = requireRouteId(params['id']);
  const body = await readJson(request, updateProgressRequestSchema);
  const { user, data: reads } = await requireUser(locals, (userId) => progressReads(userId, moduleId, body.completedLessons));
  return json(await updateProgress(user.id, moduleId, body.completedLessons, requestNow(request), reads));
};
