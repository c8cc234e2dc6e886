import type { APIRoute } from 'astro';
import { updateProgressRequestSchema } from '../../../lib/api/modules';
import { HttpError } from '../../../lib/server/errors';
import { json, parseIntegerId, readJson } from '../../../lib/server/http';
import { updateProgress } from '../../../lib/server/services/progress';

export const prerender = false;

const userIdOf = (locals: App.Locals): string => {
  if (!locals.user) throw new HttpError(401, 'Not signed in');
  return locals.user.id;
};

/** PATCH /api/progress/{id} {completedLessons, status?, lastActivity?}: additive; id is the moduleId. */
export const PATCH: APIRoute = async ({ params, locals, request }) => {
  const userId = userIdOf(locals);
  const moduleId = parseIntegerId(params['id']);
  const body = await readJson(request, updateProgressRequestSchema);
  return json(await updateProgress(userId, moduleId, body.completedLessons));
};
