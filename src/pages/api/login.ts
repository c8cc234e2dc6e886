import type { APIRoute } from 'astro';
import { loginRequestSchema } from '~/lib/api/users';
import { readJson } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { startSession } from '~/lib/server/session';
import { toPublicUser } from '~/lib/server/services/accounts';
import { signIn } from '~/lib/server/services/sign-in';

export const prerender = false;

/** POST /api/login {username, password}: signs in and answers the user. */
export const POST: APIRoute = async ({ request, cookies, url, clientAddress }) => {
  const { username, password } = await readJson(request, loginRequestSchema);
  const user = await signIn(username, password, clientAddress || 'unknown');
  await startSession(cookies, url, user);
  return json(toPublicUser(user));
};
