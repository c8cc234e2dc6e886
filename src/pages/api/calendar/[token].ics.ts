import type { APIRoute } from 'astro';
import { calendarFeed } from '~/server/calendar/calendar-feed';
import { requestNow } from '~/server/clock';
import { HttpError } from '~/server/errors';

/**
 * GET /api/calendar/{token}.ics: the person's calendar feed, for calendar apps (no session: the token is the
 * credential). A malformed, unknown or rotated token answers the API's JSON 404, the same for each.
 */
export const GET: APIRoute = async ({ params, request }) => {
  const feed = await calendarFeed(params['token'] ?? '', requestNow(request));
  if (feed === null) throw new HttpError(404, 'Not found');
  return new Response(feed, {
    headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'private, no-store' },
  });
};
