import type { APIRoute } from 'astro';
import { json } from '~/server/http/response';
import { setFlash } from '~/server/accounts/flash';
import { endSession } from '~/server/accounts/sessions';
import { getSession } from '~/server/accounts/session-cookie';
import { expectedFailure } from '~/server/http/response';

/** The sidebar's Logout is a plain form (no JavaScript needed); API callers send no form and get JSON. */
const isFormPost = (request: Request) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/.test(request.headers.get('content-type') ?? '');

/** Where a failed logout sends the browser back to: the page it came from (same origin only), else home. */
function backTo(request: Request, url: URL): string {
  const referer = URL.parse(request.headers.get('referer') ?? '');
  if (referer?.origin !== url.origin) return '/';
  // A path, never an address: `//host` or `/\\host` would leave the site.
  const path = `${referer.pathname}${referer.search}`;
  return /^\/(?![/\\])/.test(path) ? path : '/';
}

/**
 * POST /api/logout: deletes the stored session (a replayed cookie then answers 401) and clears the cookie.
 * The form gets 303 to /auth with the 'Logged out' toast; if the session could not be ended (storage
 * down), 303 back to its page with 'Logout failed', still signed in.
 */
export const POST: APIRoute = async ({ cookies, url, request, redirect }) => {
  const session = await getSession(cookies, url);
  if (!isFormPost(request)) {
    await endSession(session);
    session.destroy();
    setFlash(cookies, url, 'logged-out'); // the page the script goes to next says so
    return json({ ok: true });
  }
  try {
    await endSession(session);
  } catch (error) {
    if (expectedFailure(error)?.status !== 503) throw error;
    setFlash(cookies, url, 'logout-failed');
    return redirect(backTo(request, url), 303);
  }
  session.destroy();
  setFlash(cookies, url, 'logged-out');
  return redirect('/auth', 303);
};
