import type { APIRoute } from 'astro';
import { answerReviewRequestSchema } from '~/lib/api/review';
import { requestNow } from '~/lib/server/clock';
import { readIdempotencyKey, readJson } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { requireUser } from '~/lib/server/http/signed-in';
import { answerReview, getReviewSession } from '~/lib/server/review/review';
import { loadReviewState } from '~/lib/server/review/review-state';

export const prerender = false;

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
