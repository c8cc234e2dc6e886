import type { APIRoute } from 'astro';
import { trackVisitRequestSchema } from '~/shared/api/team';
import { requestNow } from '~/server/clock';
import { readJson } from '~/server/http/request';
import { requireUser } from '~/server/http/signed-in';
import { recordVisit } from '~/server/team/visits';

/** POST /api/track-visit: records one visit of the signed-in user; a body userId is ignored. 204. */
export const POST: APIRoute = async ({ request, locals }) => {
  const visit = await readJson(request, trackVisitRequestSchema);
  const { user } = await requireUser(locals);
  await recordVisit(user.id, visit, requestNow(request));
  return new Response(null, { status: 204 });
};
