import type { APIRoute } from 'astro';
import { submitQuizRequestSchema } from '~/lib/api/quizzes';
import { requestNow } from '~/lib/server/clock';
import { readJson } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { requireUser } from '~/lib/server/http/signed-in';
import { listQuizResults, submitQuizResult } from '~/lib/server/learning/quiz-results';
import { loadReviewState } from '~/lib/server/review/review-state';

export const prerender = false;

/** GET /api/quiz-results: the user's results, oldest first. */
export const GET: APIRoute = async ({ locals }) => json((await requireUser(locals, listQuizResults)).data);

/** POST /api/quiz-results: graded on the server; 201 with the stored result and the review. */
export const POST: APIRoute = async ({ locals, request }) => {
  const body = await readJson(request, submitQuizRequestSchema);
  const now = requestNow(request);
  const { user, data: state } = await requireUser(locals, (userId) => loadReviewState(userId, now));
  return json(await submitQuizResult(user.id, body, now, state), 201);
};
