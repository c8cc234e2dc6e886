import type { APIRoute } from 'astro';
import { createProgressRequestSchema } from '../../../lib/api/modules';
import { HttpError } from '../../../lib/server/errors';
import { json, readJson } from '../../../lib/server/http';
import { createProgress, listProgress } from '../../../lib/server/services/progress';

export const prerender = false;

const userIdOf = (locals: App.Locals): string => {
  if (!locals.user) throw new HttpError(401, 'Not signed in');
  return locals.user.id;
};

/** GET /api/progress: the user's progress records (id = moduleId). */
export const GET: APIRoute = async ({ locals }) => json(await listProgress(userIdOf(locals)));

/** POST /api/progress {userId?, moduleId, status, completedLessons, lastActivity, timeSpent}: 201 with the record. */
export const POST: APIRoute = async ({ locals, request }) => {
  const userId = userIdOf(locals);
  const body = await readJson(request, createProgressRequestSchema);
  return json(await createProgress(userId, { moduleId: body.moduleId, completedLessons: body.completedLessons, timeSpent: body.timeSpent }), 201);
};
