import type { APIRoute } from 'astro';
import { correctMeetingRequestSchema } from '~/shared/api/calendar';
import { correctMeeting } from '~/server/calendar/meetings';
import { readJson } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';

/** PATCH /api/meetings/{id} {persona, segment}: the rep's correction, used for every meeting with that company; 404 unknown meeting, 400 unknown persona or segment. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const body = await readJson(request, correctMeetingRequestSchema);
  const { user } = await requireUser(locals);
  return json(await correctMeeting(user.id, params['id'] ?? '', body));
};
