import type { APIRoute } from 'astro';
import { completeChallengeRequestSchema } from '~/lib/api/daily-challenge';
import { requestNow } from '~/lib/server/clock';
import { readJson } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { requireUser } from '~/lib/server/http/signed-in';
import { completeDailyChallenge } from '~/lib/server/review/daily-challenge';
import { loadReviewState } from '~/lib/server/review/review-state';

export const prerender = false;

/** POST /api/daily-challenge/complete {questionId, answerId, confidence?} → {correct, correctOptionId, explanation}. */
export const POST: APIRoute = async ({ locals, request }) => {
  const body = await readJson(request, completeChallengeRequestSchema);
  const now = requestNow(request);
  const { user, data: state } = await requireUser(locals, (userId) => loadReviewState(userId, now));
  return json(await completeDailyChallenge(user.id, body, now, state));
};
