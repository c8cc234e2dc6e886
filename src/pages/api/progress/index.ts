import type { APIRoute } from 'astro';
import { createProgressRequestSchema } from '~/lib/api/progress';
import { readJson } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { createProgress, listProgress, readCompletions } from '~/lib/server/services/progress';
import { requireUserWith } from '~/lib/server/http/read-ahead';

export const prerender = false;

/** GET /api/progress: the user's progress records (id = moduleId). */
export const GET: APIRoute = async ({ locals }) => json((await requireUserWith(locals, listProgress)).data);

/** POST /api/progress {userId?, moduleId, status, completedLessons, lastActivity, timeSpent}: 201 with the record. */
export const POST: APIRoute = async ({ locals, request }) => {
  const body = await readJson(request, createProgressRequestSchema);
  const { user, data: reads } = await requireUserWith(locals, (userId) => readCompletions(userId, body.moduleId));
  const input = { moduleId: body.moduleId, completedLessons: body.completedLessons, timeSpent: body.timeSpent };
  return json(await createProgress(user.id, input, new Date(), reads), 201);
};
