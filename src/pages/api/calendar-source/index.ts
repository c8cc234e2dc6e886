import type { APIRoute } from 'astro';
import { connectCalendarRequestSchema } from '~/shared/api/calendar';
import { calendarSource, connectCalendar, disconnectCalendar, NO_CALENDAR } from '~/server/calendar/calendar';
import { requestNow } from '~/server/clock';
import { HttpError } from '~/server/errors';
import { readJson } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';

/** GET /api/calendar-source: the connected calendar's status (never its address); 404 when none is connected. */
export const GET: APIRoute = async ({ locals, request }) => {
  const { data } = await requireUser(locals, (userId) => calendarSource(userId, requestNow(request)));
  if (!data) throw new HttpError(404, NO_CALENDAR);
  return json(data);
};

/** PUT /api/calendar-source {url}: connects the calendar, read at once; 400 saying why it cannot be read (nothing stored). */
export const PUT: APIRoute = async ({ locals, request }) => {
  const { url } = await readJson(request, connectCalendarRequestSchema);
  const { user } = await requireUser(locals);
  return json(await connectCalendar(user, url, requestNow(request)));
};

/** DELETE /api/calendar-source: disconnects it and deletes everything read from it (204, also when none was connected). */
export const DELETE: APIRoute = async ({ locals }) => {
  const { user } = await requireUser(locals);
  await disconnectCalendar(user.id);
  return new Response(null, { status: 204 });
};
