// Sealed-cookie sessions (iron-session). The cookie holds only the user id and a version number;
// the user is re-read on every request so disabling an account or bumping its version ends sessions.
import type { AstroCookieSetOptions, AstroCookies } from 'astro';
import { getIronSession, type CookieJar, type IronSession } from 'iron-session';
import { sessionSecret } from './config';

const SESSION_COOKIE = 'pw_session';
const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface SessionData {
  userId: string;
  version: number;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Astro's cookies satisfy iron-session at run time but not in types; this adapter does both. */
function cookieJar(cookies: AstroCookies): CookieJar {
  return {
    read: (name) => cookies.get(name)?.value,
    // iron-session's options mark every field optional-or-undefined; Astro's are the same values.
    write: (name, value, options) => cookies.set(name, value, options as AstroCookieSetOptions),
  };
}

export function getSession(cookies: AstroCookies, url: URL): Promise<IronSession<SessionData>> {
  return getIronSession<SessionData>(cookieJar(cookies), {
    cookieName: SESSION_COOKIE,
    password: sessionSecret(),
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: {
      httpOnly: true,
      sameSite: 'lax',
      secure: !LOCAL_HOSTS.has(url.hostname),
      path: '/',
    },
  });
}

/** Starts a session for a user who just signed in or registered. */
export async function startSession(cookies: AstroCookies, url: URL, user: { id: string; sessionVersion: number }): Promise<void> {
  const session = await getSession(cookies, url);
  session.userId = user.id;
  session.version = user.sessionVersion;
  await session.save();
}
