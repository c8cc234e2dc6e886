import type { APIRoute } from 'astro';
import { registerRequestSchema } from '~/lib/api/users';
import { readJson } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { setFlash } from '~/lib/server/accounts/flash';
import { toPublicUser } from '~/lib/server/accounts/accounts';
import { register } from '~/lib/server/accounts/registration';
import { sessionOrigin, startBrowserSession } from '~/lib/server/accounts/sign-in-request';

export const prerender = false;

/** POST /api/register {username, password, name, inviteCode?}: creates a user and signs it in. */
export const POST: APIRoute = async (context) => {
  const input = await readJson(context.request, registerRequestSchema);
  const { user, session } = await register(input, sessionOrigin(context));
  await startBrowserSession(context, session);
  setFlash(context.cookies, context.url, 'registered'); // 'Registration successful' on the next page
  return json(toPublicUser(user), 201);
};
