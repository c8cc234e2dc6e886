import type { APIRoute } from 'astro';
import { meetingsOf } from '~/server/calendar/meetings';
import { requestNow } from '~/server/clock';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';

/** GET /api/meetings: the external meetings of the next 14 days from the person's calendar, soonest first, each with its guessed persona and segment ([] without a calendar). */
export const GET: APIRoute = async ({ locals, request }) =>
  json((await requireUser(locals, (userId) => meetingsOf(userId, requestNow(request)))).data);
