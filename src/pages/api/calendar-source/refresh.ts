import type { APIRoute } from 'astro';
import { refreshCalendar } from '~/server/calendar/calendar';
import { requestNow } from '~/server/clock';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';

/**
 * POST /api/calendar-source/refresh: reads the calendar again now. A failed read answers 200 with status
 * `failed` and its reason (the last good meetings stay); 404 when no calendar is connected.
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const { user } = await requireUser(locals);
  return json(await refreshCalendar(user.id, requestNow(request)));
};
