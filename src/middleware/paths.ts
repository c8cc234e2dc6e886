/** What the middleware's steps need to know of a path: is it the API, may a signed-out visitor ask for it. */
import { isPublicPath } from '~/shared/routes';
import { OUTCOMES_SIGNATURE_HEADER } from '~/shared/api/outcomes';
import { isScheduledCallPath } from '~/server/http/scheduled-call';

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** API routes a signed-out visitor may call; the scheduled functions' calls carry their own token instead. */
const PUBLIC_API = new Set(['/api/login', '/api/register', '/api/logout']);
/**
 * A person's calendar feed: calendar apps read it without a session (they cannot sign in); its address
 * carries the credential, which the route checks before it answers anything (unknown: 404).
 */
const CALENDAR_FEED = /^\/api\/calendar\/[^/]+\.ics$/;
const isPublicApi = (path: string) => PUBLIC_API.has(path) || CALENDAR_FEED.test(path) || isScheduledCallPath(path);

/** A path anybody may ask for, signed in or not. */
export const isPublic = (path: string) => (isApiPath(path) ? isPublicApi(path) : isPublicPath(path));

/**
 * Requests that never need to know who is signed in, so they cost no session read: signing in or up
 * (through the API or the /auth form) starts a new session whatever the cookie says; logout deletes the
 * session its cookie names, whoever that is.
 */
export function needsSession(path: string, method: string): boolean {
  if (isPublicApi(path)) return false;
  if (path === '/auth') return method === 'GET' || method === 'HEAD';
  return !isPublicPath(path);
}

export const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/**
 * A CRM's webhook call: POST /api/outcomes carrying the signature header. It has no session and no Origin;
 * its authority is the signature, which the route checks before anything else (and refuses with 401), so
 * the gate neither reads a cookie for it nor asks it for one. Browsers cannot send the header cross-site
 * without a preflight we never answer, and a session sent with it is ignored: the call is the webhook's.
 */
export const isSignedWebhookCall = (path: string, request: Request): boolean =>
  path === '/api/outcomes' && request.method === 'POST' && request.headers.has(OUTCOMES_SIGNATURE_HEADER);
