import type { APIRoute } from 'astro';
import { endAssignmentRequestSchema } from '~/lib/api/programs';
import { requestNow } from '~/lib/server/clock';
import { readJson, routeUsername } from '~/lib/server/http/request';
import { requireAdmin } from '~/lib/server/http/signed-in';
import { endAssignment, signoffReadsOf } from '~/lib/server/programs/programs';

export const prerender = false;

/** DELETE /api/program-assignments/{username} (administrators) with `{ reason }`: ends the person's program; 204. */
export const DELETE: APIRoute = async ({ locals, request, params }) => {
  // Parsed beside the session check: a bad body is a 400 for administrators, a 403 like any other for anybody else.
  const body = readJson(request, endAssignmentRequestSchema);
  body.catch(() => undefined); // awaited once the caller is known
  const { user, data } = await requireAdmin(locals, async () => ({
    person: await signoffReadsOf(routeUsername(params['username'])),
    reason: (await body).reason,
  }));
  await endAssignment(user, data.person, data.reason, requestNow(request));
  return new Response(null, { status: 204 });
};
