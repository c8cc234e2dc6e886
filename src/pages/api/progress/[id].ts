import type { APIRoute } from 'astro';
import { updateProgressRequestSchema } from '~/lib/api/progress';
import { readJson, requireRouteId, requireUser } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { updateProgress } from '~/lib/server/services/progress';

export const prerender = false;

/** PATCH /api/progress/{id} {completedLessons, status?, lastActivity?}: additive; id is the moduleId. */
export const PATCH: APIRoute = async ({ params, locals, request }) => {
  const user = requireUser(locals);
  const moduleId = requireRouteId(params['id']);
  const body = await readJson(request, updateProgressRequestSchema);
  return json(await updateProgress(user.id, moduleId, body.completedLessons));
};
