import type { APIRoute } from 'astro';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { endOtherSessions, ownSessions } from '~/server/accounts/self-service';

/** GET /api/sessions: the signed-in person's sessions, newest first, this browser's marked `current`. */
export const GET: APIRoute = async ({ locals }) =>
  json((await requireUser(locals, (userId) => ownSessions(userId, locals.session.sessionId))).data);

/** DELETE /api/sessions: signs the person out everywhere else; answers how many sessions ended. */
export const DELETE: APIRoute = async ({ locals }) => {
  const { user } = await requireUser(locals);
  return json({ ended: await endOtherSessions(user.id, locals.session.sessionId) });
};
