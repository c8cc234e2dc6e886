import type { APIRoute } from 'astro';
import { requestNow } from '~/lib/server/clock';
import { requireUser } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { getDailyChallenge } from '~/lib/server/services/daily-challenge';

export const prerender = false;

/** GET /api/daily-challenge: the user's question of this window (no answer key), their streak and counted answer. */
export const GET: APIRoute = async ({ locals, request }) => json(await getDailyChallenge(requireUser(locals).id, requestNow(request)));
