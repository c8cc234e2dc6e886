import type { APIRoute } from 'astro';
import { completeChallengeRequestSchema } from '~/shared/api/daily-challenge';
import { requestNow } from '~/server/clock';
import { readJson } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { completeDailyChallenge } from '~/server/review/daily-challenge';
import { loadReviewState } from '~/server/review/review-state';

/** POST /api/daily-challenge/complete {questionId, answerId, confidence?} → {correct, correctOptionId, explanation}. */
export const POST: APIRoute = async ({ locals, request }) => {
  const body = await readJson(request, completeChallengeRequestSchema);
  const now = requestNow(request);
  const { user, data: state } = await requireUser(locals, (userId) => loadReviewState(userId, now));
  return json(await completeDailyChallenge(user.id, body, now, state));
};
