import type { APIRoute } from 'astro';
import { GENERATED_AT_HEADER } from '~/lib/api/team';
import { requestNow } from '~/lib/server/clock';
import { requireAdminWith } from '~/lib/server/http/read-ahead';
import { json } from '~/lib/server/http/response';
import { getTeamProgress } from '~/lib/server/services/team-progress';
import { readRollupBase } from '~/lib/server/services/team-rollup';

export const prerender = false;

/** GET /api/team-progress/knowledge: the Knowledge section (topics' mastery, most-missed questions); administrators only. */
export const GET: APIRoute = async ({ locals, request }) => {
  const base = await requireAdminWith(locals, readRollupBase);
  const { knowledge, generatedAt } = await getTeamProgress({ now: requestNow(request), base });
  return json(knowledge, 200, { [GENERATED_AT_HEADER]: generatedAt });
};
