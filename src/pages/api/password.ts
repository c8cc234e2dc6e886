import type { APIRoute } from 'astro';
import { changePasswordRequestSchema } from '~/shared/api/settings';
import { readJson } from '~/server/http/request';
import { requireUser } from '~/server/http/signed-in';
import { changeOwnPassword, passwordChangeState } from '~/server/accounts/self-service';
import { startSession } from '~/server/accounts/session-cookie';
import { sessionOrigin } from '~/server/accounts/sessions';

/**
 * POST /api/password {currentPassword, newPassword}: changes the person's password (204). Every other
 * session ends; this browser is signed in again with a new session.
 */
export const POST: APIRoute = async (context) => {
  const body = await readJson(context.request, changePasswordRequestSchema);
  const { data: state } = await requireUser(context.locals, (userId) => passwordChangeState(userId));
  // The browser's previous session ended with the others: only the new one's cookie is given.
  await startSession(context.cookies, context.url, await changeOwnPassword(state, body, sessionOrigin(context)));
  return new Response(null, { status: 204 });
};
