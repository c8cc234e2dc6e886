import type { APIRoute } from 'astro';
import { upcomingMeetings } from '~/server/calendar/calendar';
import { requestNow } from '~/server/clock';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';

export const prerender = false;

/** GET /api/meetings: the external meetings of the next 14 days from the person's calendar, soonest first ([] without one). */
export const GET: APIRoute = async ({ locals, request }) =>
  json((await requireUser(locals, (userId) => upcomingMeetings(userId, requestNow(request)))).data);
