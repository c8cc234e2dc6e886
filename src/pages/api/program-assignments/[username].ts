import type { APIRoute } from 'astro';
import { endAssignmentRequestSchema } from '~/shared/api/programs';
import { requestNow } from '~/server/clock';
import { readJsonBesideCheck, routeUsername } from '~/server/http/request';
import { requireAdmin } from '~/server/http/signed-in';
import { endAssignment, signoffReadsOf } from '~/server/programs/programs';

/** DELETE /api/program-assignments/{username} (administrators) with `{ reason }`: ends the person's program; 204. */
export const DELETE: APIRoute = async ({ locals, request, params }) => {
  const body = readJsonBesideCheck(request, endAssignmentRequestSchema);
  const { user, data } = await requireAdmin(locals, async () => ({
    person: await signoffReadsOf(routeUsername(params['username'])),
    reason: (await body).reason,
  }));
  await endAssignment(user, data.person, data.reason, requestNow(request));
  return new Response(null, { status: 204 });
};
