import type { APIRoute } from 'astro';
import { submitQuizRequestSchema } from '~/shared/api/quizzes';
import { requestNow } from '~/server/clock';
import { readIdempotencyKey, readJson } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { listQuizResults, submissionReads, submitQuizResult } from '~/server/learning/quiz-results';

/** GET /api/quiz-results: the user's results, oldest first. */
export const GET: APIRoute = async ({ locals }) => json((await requireUser(locals, listQuizResults)).data);

/**
 * POST /api/quiz-results: graded on the server; 201 with the stored result and the review. With an
 * `Idempotency-Key` header, the same submission sent again is stored once.
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const idempotencyKey = readIdempotencyKey(request);
  const body = await readJson(request, submitQuizRequestSchema);
  const now = requestNow(request);
  const { user, data: reads } = await requireUser(locals, (userId) => submissionReads(userId, now, idempotencyKey));
  return json(await submitQuizResult(user.id, body, now, reads, idempotencyKey), 201);
};
