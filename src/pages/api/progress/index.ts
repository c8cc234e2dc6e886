import type { APIRoute } from 'astro';
import { createProgressRequestSchema } from '~/shared/api/progress';
import { requestNow } from '~/server/clock';
import { readJson } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { createProgress, listProgress, progressReads } from '~/server/learning/progress';

/** GET /api/progress: the user's progress records (id = moduleId). */
export const GET: APIRoute = async ({ locals }) => json((await requireUser(locals, listProgress)).data);

/** POST /api/progress {userId?, moduleId, status, completedLessons, lastActivity, timeSpent}: 201 with the record. */
export const POST: APIRoute = async ({ locals, request }) => {
  const body = await readJson(request, createProgressRequestSchema);
  const { user, data: reads } = await requireUser(locals, (userId) => progressReads(userId, body.moduleId, body.completedLessons));
  const input = { moduleId: body.moduleId, completedLessons: body.completedLessons, timeSpent: body.timeSpent };
  return json(await createProgress(user.id, input, requestNow(request), reads), 201);
};
