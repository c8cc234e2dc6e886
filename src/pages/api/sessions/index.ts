import type { APIRoute } from 'astro';
import { json } from '~/lib/server/http/response';
import { requireUser } from '~/lib/server/http/signed-in';
import { endOtherSessions, ownSessions } from '~/lib/server/accounts/self-service';
import { sessionCookieData } from '~/lib/server/accounts/session-cookie';

export const prerender = false;

/** GET /api/sessions: the signed-in person's sessions, newest first, this browser's marked `current`. */
export const GET: APIRoute = async ({ locals, cookies, url }) => {
  const current = (await sessionCookieData(cookies, url)).sessionId ?? '';
  return json((await requireUser(locals, (userId) => ownSessions(userId, current))).data);
};

/** DELETE /api/sessions: signs the person out everywhere else; answers how many sessions ended. */
export const DELETE: APIRoute = async ({ locals, cookies, url }) => {
  const { user } = await requireUser(locals);
  const current = (await sessionCookieData(cookies, url)).sessionId ?? '';
  return json({ ended: await endOtherSessions(user.id, current) });
};
