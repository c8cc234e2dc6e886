import type { APIRoute } from 'astro';
import { trackVisitRequestSchema } from '../../lib/api/team';
import { HttpError } from '../../lib/server/errors';
import { readJson } from '../../lib/server/http';
import { recordVisit } from '../../lib/server/services/visits';

export const prerender = false;

/** POST /api/track-visit (SPEC §7): records one visit of the signed-in user; a body userId is ignored. 204. */
export const POST: APIRoute = async ({ request, locals }) => {
  if (!locals.user) throw new HttpError(401, 'Not signed in');
  const visit = await readJson(request, trackVisitRequestSchema);
  await recordVisit(locals.user.id, visit);
  return new Response(null, { status: 204 });
};
