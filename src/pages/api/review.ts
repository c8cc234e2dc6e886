import type { APIRoute } from 'astro';
import { answerReviewRequestSchema } from '~/lib/api/review';
import { requestNow } from '~/lib/server/clock';
import { readJson, requireUser } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { answerReview, getReviewSession } from '~/lib/server/services/review';
import { requireUserWith } from '~/lib/server/http/read-ahead';

export const prerender = false;

/** GET /api/review: the user's next review session (due cards, most overdue first, at most 10; no answer keys). */
export const GET: APIRoute = async ({ locals, request }) =>
  json((await requireUserWith(locals, (userId) => getReviewSession(userId, requestNow(request)))).data);

/** POST /api/review {questionId, answerId}: graded on the server; the verdict, the lesson and the card's next review. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const body = await readJson(request, answerReviewRequestSchema);
  return json(await answerReview(user.id, body, requestNow(request)));
};
