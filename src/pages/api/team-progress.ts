import type { APIRoute } from 'astro';
import { ACCESS_DENIED_DESCRIPTION, GENERATED_AT_HEADER } from '../../lib/api/team';
import { HttpError } from '../../lib/server/errors';
import { json } from '../../lib/server/http';
import { getTeamProgress } from '../../lib/server/services/team-progress';

export const prerender = false;

/**
 * GET /api/team-progress (SPEC §7): the list of team rows, administrators only (403 otherwise).
 * The `X-Generated-At` header tells when the figures were computed.
 */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.user) throw new HttpError(401, 'Not signed in');
  if (!locals.isAdmin) throw new HttpError(403, ACCESS_DENIED_DESCRIPTION);
  const { rows, generatedAt } = await getTeamProgress();
  return json(rows, 200, { [GENERATED_AT_HEADER]: generatedAt });
};
