import type { APIRoute } from 'astro';
import { completeChallengeRequestSchema } from '../../../lib/api/daily-challenge';
import { HttpError } from '../../../lib/server/errors';
import { json, readJson } from '../../../lib/server/http';
import { completeDailyChallenge } from '../../../lib/server/services/daily-challenge';

export const prerender = false;

/** POST /api/daily-challenge/complete {questionId, answerId} → {correct, correctOptionId, explanation}. */
export const POST: APIRoute = async ({ locals, request }) => {
  if (!locals.user) throw new HttpError(401, 'Not signed in');
  const userId = locals.user.id;
  const body = await readJson(request, completeChallengeRequestSchema);
  return json(await completeDailyChallenge(userId, body));
};
