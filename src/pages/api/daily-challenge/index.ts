import type { APIRoute } from 'astro';
import { requestNow } from '~/server/clock';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { getDailyChallenge } from '~/server/review/daily-challenge';

/** GET /api/daily-challenge: the user's question of this window (no answer key), their streak and counted answer. */
export const GET: APIRoute = async ({ locals, request }) =>
  json((await requireUser(locals, (userId) => getDailyChallenge(userId, requestNow(request)))).data);
