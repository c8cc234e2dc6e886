import type { APIRoute } from 'astro';
import { json } from '~/lib/server/http/response';
import { getSession } from '~/lib/server/session';

export const prerender = false;

/** POST /api/logout: ends the session (signed out already is fine too). */
export const POST: APIRoute = async ({ cookies, url }) => {
  const session = await getSession(cookies, url);
  session.destroy();
  return json({ ok: true });
};
