import type { APIRoute } from 'astro';
import { submitQuizRequestSchema } from '~/lib/api/quizzes';
import { requestNow } from '~/lib/server/clock';
import { readJson, requireUser } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { listQuizResults, submitQuizResult } from '~/lib/server/services/quiz-results';
import { requireUserWith } from '~/lib/server/http/read-ahead';

export const prerender = false;

/** GET /api/quiz-results: the user's results, oldest first. */
export const GET: APIRoute = async ({ locals }) => json((await requireUserWith(locals, listQuizResults)).data);

/** POST /api/quiz-results: graded on the server; 201 with the stored result and the review. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const body = await readJson(request, submitQuizRequestSchema);
  return json(await submitQuizResult(user.id, body, requestNow(request)), 201);
};
