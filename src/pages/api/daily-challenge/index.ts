import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { getDailyChallenge } from '~/lib/server/services/daily-challenge';

export const prerender = false;

/** GET /api/daily-challenge: this window's question (no answer key) and the user's counted answer. */
export const GET: APIRoute = async ({ locals }) => json(await getDailyChallenge(requireUser(locals).id));
