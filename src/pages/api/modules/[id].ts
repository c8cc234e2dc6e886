import type { APIRoute } from 'astro';
import { moduleStatusRequestSchema } from '~/lib/api/modules';
import { readJson, requireRouteId, requireUser } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { getModuleForUser, setModuleStatus } from '~/lib/server/services/modules';
import { requireUserWith } from '~/lib/server/http/read-ahead';

export const prerender = false;

/** GET /api/modules/{id}: title, description, duration, lessonCount, the user's status, content (lessons). */
export const GET: APIRoute = async ({ params, locals }) => {
  const moduleId = requireRouteId(params['id']);
  return json((await requireUserWith(locals, (userId) => getModuleForUser(userId, moduleId))).data);
};

/** PATCH /api/modules/{id} {status}: sets the user's module status; answers the module. */
export const PATCH: APIRoute = async ({ params, locals, request }) => {
  const user = requireUser(locals);
  const moduleId = requireRouteId(params['id']);
  const body = await readJson(request, moduleStatusRequestSchema);
  return json(await setModuleStatus(user.id, moduleId, body.status));
};
