import type { APIRoute } from 'astro';
import { GENERATED_AT_HEADER } from '~/shared/api/team';
import { requestNow } from '~/server/clock';
import { json } from '~/server/http/response';
import { requireAdmin } from '~/server/http/signed-in';
import { getTeamProgress, specRow } from '~/server/team/team-progress';

/** GET /api/team-progress: the team rows, administrators only (403 otherwise); `X-Generated-At` says when they were computed. */
export const GET: APIRoute = async ({ locals, request }) => {
  const { rows, generatedAt } = (await requireAdmin(locals, () => getTeamProgress({ now: requestNow(request) }))).data;
  return json(rows.map(specRow), 200, { [GENERATED_AT_HEADER]: generatedAt });
};
