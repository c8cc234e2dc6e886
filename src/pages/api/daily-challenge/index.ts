import type { APIRoute } from 'astro';
import { HttpError } from '../../../lib/server/errors';
import { json } from '../../../lib/server/http';
import { getDailyChallenge } from '../../../lib/server/services/daily-challenge';

export const prerender = false;

/** GET /api/daily-challenge: this window's question (no answer key) and the user's counted answer. */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.user) throw new HttpError(401, 'Not signed in');
  return json(await getDailyChallenge(locals.user.id));
};
