import type { APIRoute } from 'astro';
import { registerRequestSchema } from '~/lib/api/users';
import { readJson } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { startSession } from '~/lib/server/session';
import { toPublicUser } from '~/lib/server/services/accounts';
import { register } from '~/lib/server/services/registration';

export const prerender = false;

/** POST /api/register {username, password, name, inviteCode?}: creates a user and signs it in. */
export const POST: APIRoute = async ({ request, cookies, url }) => {
  const input = await readJson(request, registerRequestSchema);
  const user = await register(input);
  await startSession(cookies, url, user);
  return json(toPublicUser(user), 201);
};
