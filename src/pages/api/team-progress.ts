import type { APIRoute } from 'astro';
import { GENERATED_AT_HEADER } from '~/lib/api/team';
import { requestNow } from '~/lib/server/clock';
import { requireAdminWith } from '~/lib/server/http/read-ahead';
import { json } from '~/lib/server/http/response';
import { getTeamProgress, specRow } from '~/lib/server/services/team-progress';
import { readRollupBase } from '~/lib/server/services/team-rollup';

export const prerender = false;

/**
 * GET /api/team-progress (SPEC §7): the list of team rows, administrators only (403 otherwise).
 * The `X-Generated-At` header tells when the figures were computed.
 */
export const GET: APIRoute = async ({ locals, request }) => {
  const base = await requireAdminWith(locals, readRollupBase);
  const { rows, generatedAt } = await getTeamProgress({ now: requestNow(request), base });
  return json(rows.map(specRow), 200, { [GENERATED_AT_HEADER]: generatedAt });
};
