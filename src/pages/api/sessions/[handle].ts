import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/http/signed-in';
import { endOwnSession } from '~/lib/server/accounts/self-service';
import { sessionCookieData } from '~/lib/server/accounts/session-cookie';

export const prerender = false;

/** DELETE /api/sessions/{handle}: ends another of the person's sessions (204); 404 when it is not theirs. */
export const DELETE: APIRoute = async ({ locals, cookies, url, params }) => {
  const { user } = await requireUser(locals);
  const current = (await sessionCookieData(cookies, url)).sessionId ?? '';
  await endOwnSession(user.id, current, params['handle'] ?? '');
  return new Response(null, { status: 204 });
};
