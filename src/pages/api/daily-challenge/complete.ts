import type { APIRoute } from 'astro';
import { completeChallengeRequestSchema } from '~/lib/api/daily-challenge';
import { requestNow } from '~/lib/server/clock';
import { readJson } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { completeDailyChallenge, readChallenge } from '~/lib/server/services/daily-challenge';
import { requireUserWith } from '~/lib/server/http/read-ahead';

export const prerender = false;

/** POST /api/daily-challenge/complete {questionId, answerId} → {correct, correctOptionId, explanation}. */
export const POST: APIRoute = async ({ locals, request }) => {
  const body = await readJson(request, completeChallengeRequestSchema);
  const now = requestNow(request);
  const { user, data: reads } = await requireUserWith(locals, (userId) => readChallenge(userId, now));
  return json(await completeDailyChallenge(user.id, body, now, reads));
};
