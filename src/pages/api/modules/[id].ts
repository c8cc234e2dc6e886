import type { APIRoute } from 'astro';
import { moduleStatusRequestSchema } from '~/shared/api/modules';
import { readJson, requireRouteId } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { getModuleForUser, setModuleStatus } from '~/server/learning/modules';

/** GET /api/modules/{id}: title, description, duration, lessonCount, the user's status, content (lessons). */
export const GET: APIRoute = async ({ params, locals }) => {
  const moduleId = requireRouteId(params['id']);
  return json((await requireUser(locals, (userId) => getModuleForUser(userId, moduleId))).data);
};

/** PATCH /api/modules/{id} {status}: sets the user's module status; answers the module. */
export const PATCH: APIRoute = async ({ params, locals, request }) => {
  const moduleId = requireRouteId(params['id']);
  const body = await readJson(request, moduleStatusRequestSchema);
  const { user } = await requireUser(locals);
  return json(await setModuleStatus(user.id, moduleId, body.status));
};
