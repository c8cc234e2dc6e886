import type { APIRoute } from 'astro';
import { moduleStatusRequestSchema } from '../../../lib/api/modules';
import { HttpError } from '../../../lib/server/errors';
import { json, parseIntegerId, readJson } from '../../../lib/server/http';
import { getModuleForUser, setModuleStatus } from '../../../lib/server/services/progress';

export const prerender = false;

const userIdOf = (locals: App.Locals): string => {
  if (!locals.user) throw new HttpError(401, 'Not signed in');
  return locals.user.id;
};

/** GET /api/modules/{id}: title, description, duration, lessonCount, the user's status, content (lessons). */
export const GET: APIRoute = async ({ params, locals }) => json(await getModuleForUser(userIdOf(locals), parseIntegerId(params['id'])));

/** PATCH /api/modules/{id} {status}: sets the user's module status; answers the module. */
export const PATCH: APIRoute = async ({ params, locals, request }) => {
  const userId = userIdOf(locals);
  const moduleId = parseIntegerId(params['id']);
  const body = await readJson(request, moduleStatusRequestSchema);
  return json(await setModuleStatus(userId, moduleId, body.status));
};
