import type { APIRoute } from 'astro';
import { requireUser } from '~/server/http/signed-in';
import { endOwnSession } from '~/server/accounts/self-service';

/** DELETE /api/sessions/{handle}: ends another of the person's sessions (204); 404 when it is not theirs. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const { user } = await requireUser(locals);
  await endOwnSession(user.id, locals.session.sessionId, params['handle'] ?? '');
  return new Response(null, { status: 204 });
};
