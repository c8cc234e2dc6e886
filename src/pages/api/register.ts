import type { APIRoute } from 'astro';
import { registerRequestSchema } from '~/shared/api/users';
import { readJson } from '~/server/http/request';
import { json } from '~/server/http/response';
import { setFlash } from '~/server/accounts/flash';
import { toPublicUser } from '~/server/accounts/roles';
import { register } from '~/server/accounts/registration';
import { sessionOrigin } from '~/server/accounts/sessions';
import { startBrowserSession } from '~/server/accounts/sign-in-request';

/** POST /api/register {username, password, name, inviteCode?}: creates a user and signs it in. */
export const POST: APIRoute = async (context) => {
  const input = await readJson(context.request, registerRequestSchema);
  const { user, session } = await register(input, sessionOrigin(context));
  await startBrowserSession(context, session);
  setFlash(context.cookies, context.url, 'registered'); // 'Registration successful' on the next page
  return json(toPublicUser(user), 201);
};
