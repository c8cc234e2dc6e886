import type { APIRoute } from 'astro';
import { moduleStatusRequestSchema } from '~/lib/api/modules';
import { readJson, requireRouteId } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { getModuleForUser, readModuleStatusInputs, setModuleStatus } from '~/lib/server/services/modules';
import { requireUserWith } from '~/lib/server/http/read-ahead';

export const prerender = false;

/** GET /api/modules/{id}: title, description, duration, lessonCount, the user's status, content (lessons). */
export const GET: APIRoute = async ({ params, locals }) => {
  const moduleId = requireRouteId(params['id']);
  return json((await requireUserWith(locals, (userId) => getModuleForUser(userId, moduleId))).data);
};

/**
 * PATCH /api/modules/{id} {status}: sets the user's module status; answers the module. The completed
 * lessons it is checked against are read beside the session check; the write waits for the check.
 */
export const PATCH: APIRoute = async ({ params, locals, request }) => {
  const moduleId = requireRouteId(params['id']);
  const body = await readJson(request, moduleStatusRequestSchema);
  const { user, data: reads } = await requireUserWith(locals, (userId) => readModuleStatusInputs(userId, moduleId));
  return json(await setModuleStatus(user.id, reads, body.status));
};
