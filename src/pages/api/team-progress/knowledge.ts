import type { APIRoute } from 'astro';
import { GENERATED_AT_HEADER } from '~/lib/api/team';
import { requestNow } from '~/lib/server/clock';
import { requireAdmin } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { getTeamProgress } from '~/lib/server/services/team-progress';

export const prerender = false;

/** GET /api/team-progress/knowledge: the Knowledge section (topics' mastery, most-missed questions); administrators only. */
export const GET: APIRoute = async ({ locals, request }) => {
  requireAdmin(locals);
  const { knowledge, generatedAt } = await getTeamProgress({ now: requestNow(request) });
  return json(knowledge, 200, { [GENERATED_AT_HEADER]: generatedAt });
};
