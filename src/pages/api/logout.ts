import type { APIRoute } from 'astro';
import { json } from '~/lib/server/http/response';
import { endSession } from '~/lib/server/services/sessions';
import { getSession } from '~/lib/server/session';

export const prerender = false;

/** POST /api/logout: deletes the stored session (a replayed cookie then answers 401) and clears the cookie. */
export const POST: APIRoute = async ({ cookies, url }) => {
  const session = await getSession(cookies, url);
  await endSession(session);
  session.destroy();
  return json({ ok: true });
};
