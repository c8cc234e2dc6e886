import type { APIRoute } from 'astro';
import type { CalendarFeedResponse } from '~/shared/api/calendar';
import { rotateCalendarFeed } from '~/server/calendar/calendar-feed';
import { requestNow } from '~/server/clock';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';

/** POST /api/calendar-feed/rotate: a new private feed address (the first one too); the previous one answers 404 from then on. */
export const POST: APIRoute = async ({ locals, request }) => {
  const { user } = await requireUser(locals);
  const answer: CalendarFeedResponse = { url: await rotateCalendarFeed(user.id, requestNow(request)) };
  return json(answer);
};
