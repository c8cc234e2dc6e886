import type { APIRoute } from 'astro';
import { loginRequestSchema } from '~/shared/api/users';
import { readJson } from '~/server/http/request';
import { json } from '~/server/http/response';
import { toPublicUser } from '~/server/accounts/roles';
import { setFlash } from '~/server/accounts/flash';
import { signInBrowser } from '~/server/accounts/sign-in-request';

/** POST /api/login {username, password}: signs in (throttled; docs/decisions.md "Throttling") and answers the user. */
export const POST: APIRoute = async (context) => {
  const { username, password } = await readJson(context.request, loginRequestSchema);
  const user = await signInBrowser(context, username, password);
  setFlash(context.cookies, context.url, 'signed-in'); // 'Login successful' on the page the browser goes to next
  return json(toPublicUser(user));
};
