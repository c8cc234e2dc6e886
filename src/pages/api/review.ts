import type { APIRoute } from 'astro';
import { answerReviewRequestSchema } from '~/shared/api/review';
import { requestNow } from '~/server/clock';
import { readIdempotencyKey, readJson } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { answerReview, getReviewSession } from '~/server/review/review';
import { loadReviewState } from '~/server/review/review-state';

/** GET /api/review: the user's next review session (due cards, lowest predicted recall first, at most 10; no answer keys). */
export const GET: APIRoute = async ({ locals, request }) =>
  json((await requireUser(locals, (userId) => getReviewSession(userId, requestNow(request)))).data);

/**
 * POST /api/review {questionId, answerId, confidence?}: graded on the server; the verdict, the lesson and the
 * card's next review. With an `Idempotency-Key` header, the same answer sent again is stored once.
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const idempotencyKey = readIdempotencyKey(request);
  const body = await readJson(request, answerReviewRequestSchema);
  const now = requestNow(request);
  const { user, data: state } = await requireUser(locals, (userId) => loadReviewState(userId, now));
  return json(await answerReview(user.id, body, now, state, {}, idempotencyKey));
};
