import type { APIRoute } from 'astro';
import { requestNow } from '~/lib/server/clock';
import { json } from '~/lib/server/http/response';
import { getDailyChallenge } from '~/lib/server/services/daily-challenge';
import { requireUserWith } from '~/lib/server/http/read-ahead';

export const prerender = false;

/** GET /api/daily-challenge: the user's question of this window (no answer key), their streak and counted answer. */
export const GET: APIRoute = async ({ locals, request }) =>
  json((await requireUserWith(locals, (userId) => getDailyChallenge(userId, requestNow(request)))).data);
