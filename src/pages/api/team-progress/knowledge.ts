import type { APIRoute } from 'astro';
import { GENERATED_AT_HEADER } from '~/shared/api/team';
import { requestNow } from '~/server/clock';
import { json } from '~/server/http/response';
import { requireAdmin } from '~/server/http/signed-in';
import { getTeamProgress } from '~/server/team/team-progress';

/** GET /api/team-progress/knowledge: the Knowledge section (topics' mastery, most-missed questions); administrators only. */
export const GET: APIRoute = async ({ locals, request }) => {
  const { knowledge, generatedAt } = (await requireAdmin(locals, () => getTeamProgress({ now: requestNow(request) }))).data;
  return json(knowledge, 200, { [GENERATED_AT_HEADER]: generatedAt });
};
