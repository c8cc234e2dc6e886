// The one gate every on-demand request passes: security headers, same-origin writes, the session,
// and the redirects of SPEC §4 (signed-out → /auth, signed-in on /auth → /).
import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { isPublicPath } from '~/lib/routes';
import { checkSettings, isLocalRun } from '~/lib/server/config';
import { newTrace, serverTiming, withTrace, type RequestTrace } from '~/lib/server/request-trace';
import { errorResponse, expectedFailure, toErrorResponse } from '~/lib/server/http/response';
import { isAdmin, toPublicUser, warnIfAdminAddressSelfRegistered } from '~/lib/server/services/accounts';
import { cookieUserId, userForSession } from '~/lib/server/services/sessions';
import { getSession, sessionCookieData } from '~/lib/server/session';
import { flashToast, takeFlash } from '~/lib/server/flash';
import { READ_AHEAD_ROUTES } from '~/lib/server/http/read-ahead';

/** API routes a signed-out visitor may call. */
const PUBLIC_API = new Set(['/api/login', '/api/register', '/api/logout']);

/**
 * Requests that never need to know who is signed in, so they cost no session read: signing in or up
 * (through the API or the /auth form) starts a new session whatever the cookie says; logout deletes the
 * session its cookie names, whoever that is.
 */
function needsSession(path: string, method: string): boolean {
  if (path === '/api/login' || path === '/api/register' || path === '/api/logout') return false;
  if (path === '/auth') return method === 'GET' || method === 'HEAD';
  return !isPublicPath(path);
}

/**
 * A file under /_astro/ that reached the server does not exist (the CDN serves the real ones): typically
 * an old tab asking for a script of the previous deploy. A complete plain answer, no layout, no session.
 */
const missingAsset = () =>
  new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // On pages Astro already sends a CSP header with the script/style hashes (astro.config.mjs): these
  // directives are appended to it (framing cannot be set by <meta>); API answers get them alone.
  'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
};

/** `existing` plus the directives of `extra` it lacks (a repeated directive is a console error in browsers). */
function extendPolicy(existing: string, extra: string): string {
  const present = new Set(existing.split(';').map((directive) => directive.trim().split(/\s+/)[0]?.toLowerCase()));
  const missing = extra
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !present.has(d.split(/\s+/)[0]!.toLowerCase()));
  return missing.length === 0 ? existing : `${existing.replace(/;\s*$/, '')}; ${missing.join('; ')}`;
}

/** Sets the headers; a CSP Astro already emitted for the page (script/style hashes) is extended, not replaced. */
function applyHeaders(target: Headers, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    const existing = name === 'Content-Security-Policy' ? target.get(name) : null;
    target.set(name, existing ? extendPolicy(existing, value) : value);
  }
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  // Redirects and some platform responses have immutable headers: copy them when needed.
  try {
    applyHeaders(response.headers, headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    applyHeaders(copy.headers, headers);
    return copy;
  }
}

/**
 * Astro answers an existing route called with a method it lacks with an empty 404; every /api answer
 * must be JSON, and that case is really a 405.
 */
function asJsonError(response: Response, routePattern: string): Response {
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  if (response.status < 400 || isJson) return response;
  if (response.status === 404 && routePattern !== '/api/[...path]') return errorResponse(405, 'Method not allowed');
  return errorResponse(response.status, response.statusText || 'Request failed');
}

/** A plain page for when storage or a setting is missing: no layout, since there is no user. */
function unavailablePage(message: string): Response {
  const escaped = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return new Response(
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Temporarily unavailable</title><body><h1>Temporarily unavailable</h1><p>${escaped}</p></body></html>`,
    { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '30', 'Cache-Control': 'no-store' } },
  );
}

function navigationToast({ cookies, url, locals }: APIContext): App.Locals['toast'] {
  const flash = takeFlash(cookies, url);
  return flash && flashToast(flash, locals.user);
}

/** The locals of requests whose session is already checked (see the rewrite note in handle()). */
const checkedSessions = new WeakSet<App.Locals>();

const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/** Netlify's function context, which the adapter puts in locals (absent in tests and local serving). */
function platformWaitUntil(locals: App.Locals): ((promise: Promise<unknown>) => void) | undefined {
  const netlify = (locals as { netlify?: { context?: { waitUntil?: (promise: Promise<unknown>) => void } } }).netlify;
  const waitUntil = netlify?.context?.waitUntil;
  return typeof waitUntil === 'function' ? waitUntil.bind(netlify?.context) : undefined;
}

/**
 * Every request runs inside a trace of its Blobs operations (src/lib/server/request-trace.ts); in local
 * runs the answer says what it cost in a `Server-Timing` header (what the page or call itself awaited
 * before its headers were sent; the operation-count test and bench:latency trace whole requests).
 */
export const onRequest = defineMiddleware((context, next) =>
  withTrace(
    () => newTrace(platformWaitUntil(context.locals)),
    async (trace) => withServerTiming(trace, await handle(context, next, trace)),
  ),
);

function withServerTiming(trace: RequestTrace, response: Response): Response {
  return isLocalRun() ? withHeaders(response, { 'Server-Timing': serverTiming(trace) }) : response;
}

/** Signs the request in (locals.user, isAdmin) if the cookie's session is live, or forgets a stale cookie. */
async function checkSession(context: APIContext, cookie: Awaited<ReturnType<typeof sessionCookieData>>): Promise<void> {
  // One round trip: the session record and the user record are read in parallel (services/sessions.ts).
  const user = await userForSession(cookie);
  if (user) {
    context.locals.user = toPublicUser(user);
    context.locals.isAdmin = isAdmin(user);
    warnIfAdminAddressSelfRegistered(user);
  } else if (cookie.userId) {
    (await getSession(context.cookies, context.url)).destroy(); // stale: signed out, ended, expired, disabled or deleted
  }
}

/**
 * Starts the session check. On a call of READ_AHEAD_ROUTES with a cookie naming a user, the route runs
 * now, beside it, and waits for it itself (src/lib/server/http/read-ahead.ts); anywhere else the check
 * is done before the route runs.
 */
async function startSessionCheck(context: APIContext, trace: RequestTrace): Promise<void> {
  const cookie = await sessionCookieData(context.cookies, context.url);
  const check = checkSession(context, cookie);
  context.locals.sessionCheck = check;
  const claimed = cookieUserId(cookie);
  if (claimed === null || !READ_AHEAD_ROUTES.has(`${context.request.method} ${context.routePattern}`)) {
    await check;
    return;
  }
  context.locals.claimedUserId = claimed;
  check.catch(() => undefined); // answered after the route (readAheadAnswer)
  trace.signedIn = check.then(
    () => context.locals.user !== null,
    () => false,
  );
}

async function handle(context: APIContext, next: MiddlewareNext, trace: RequestTrace): Promise<Response> {
  const { url, request } = context;
  const path = url.pathname;
  const isApi = path === '/api' || path.startsWith('/api/');
  // A rewrite (Astro.rewrite, e.g. /industry-knowledge/{id}) runs the middleware again with the same
  // locals: the session was checked once for this request, and a second check would be a second round trip.
  const sessionChecked = checkedSessions.has(context.locals);
  if (!sessionChecked) {
    context.locals.user = null;
    context.locals.isAdmin = false;
    context.locals.toast = null;
    context.locals.sessionCheck = Promise.resolve();
    context.locals.claimedUserId = null;
  }
  if (path.startsWith('/_astro/')) return withHeaders(missingAsset(), SECURITY_HEADERS);

  if (!isSafeMethod(request.method)) {
    const origin = request.headers.get('origin');
    if (origin !== url.origin) {
      return withHeaders(errorResponse(403, 'Cross-site requests are not allowed'), SECURITY_HEADERS);
    }
  }

  try {
    checkSettings(); // a missing or weak secret, a short invite code: 503 naming the setting
    if (!sessionChecked && needsSession(path, request.method)) await startSessionCheck(context, trace);
    checkedSessions.add(context.locals);
  } catch (error) {
    if (isApi) return withHeaders(toErrorResponse(error), SECURITY_HEADERS);
    const failure = expectedFailure(error);
    if (failure?.status === 503) return withHeaders(unavailablePage(failure.message), SECURITY_HEADERS);
    throw error;
  }

  if (context.locals.claimedUserId !== null && !sessionChecked) return readAheadAnswer(context, next, isApi);

  await context.locals.sessionCheck; // done already, unless a rewrite re-enters a read-ahead route
  const signedIn = context.locals.user !== null;
  let response: Response;
  if (isApi) {
    if (!signedIn && !PUBLIC_API.has(path)) {
      response = errorResponse(401, 'Not signed in');
    } else {
      try {
        response = await next();
      } catch (error) {
        response = toErrorResponse(error);
      }
      response = asJsonError(response, context.routePattern);
    }
    return withHeaders(response, { ...SECURITY_HEADERS, 'Cache-Control': 'no-store' });
  }

  if (path === '/auth' && signedIn) return withHeaders(context.redirect('/', 302), SECURITY_HEADERS);
  if (!isPublicPath(path) && !signedIn) return withHeaders(context.redirect('/auth', 302), SECURITY_HEADERS);

  // A toast the previous request left for this page (sign-in, logout): rendered with it, shown once.
  if (!sessionChecked) context.locals.toast = navigationToast(context);
  response = await next();
  const cacheControl = isPublicPath(path) && path !== '/auth' ? {} : { 'Cache-Control': 'private, no-store' };
  return withHeaders(response, { ...SECURITY_HEADERS, ...cacheControl });
}

/**
 * The answer of a READ_AHEAD_ROUTES route, which ran beside the session check: used only if the check
 * passed; otherwise dropped for the answer a signed-out request gets (401, or the redirect to /auth).
 */
async function readAheadAnswer(context: APIContext, next: MiddlewareNext, isApi: boolean): Promise<Response> {
  const { locals } = context;
  if (!isApi) {
    // Taken now, while the answer's cookies can still change; its text names the user once known.
    const flash = takeFlash(context.cookies, context.url);
    locals.sessionCheck = locals.sessionCheck.then(() => {
      locals.toast = flash && flashToast(flash, locals.user);
    });
    locals.sessionCheck.catch(() => undefined); // answered below, after the route
  }
  let response: Response | null = null;
  let routeError: unknown = null;
  try {
    response = await next();
  } catch (error) {
    routeError = error;
  }
  try {
    await locals.sessionCheck;
  } catch (error) {
    await response?.body?.cancel();
    if (isApi) return withHeaders(toErrorResponse(error), SECURITY_HEADERS);
    const failure = expectedFailure(error);
    if (failure?.status === 503) return withHeaders(unavailablePage(failure.message), SECURITY_HEADERS);
    throw error;
  }
  if (locals.user === null) {
    await response?.body?.cancel();
    const signedOut = isApi ? errorResponse(401, 'Not signed in') : context.redirect('/auth', 302);
    return withHeaders(signedOut, isApi ? { ...SECURITY_HEADERS, 'Cache-Control': 'no-store' } : SECURITY_HEADERS);
  }
  if (isApi) {
    const answer = response === null ? toErrorResponse(routeError) : asJsonError(response, context.routePattern);
    return withHeaders(answer, { ...SECURITY_HEADERS, 'Cache-Control': 'no-store' });
  }
  if (response === null) throw routeError;
  return withHeaders(response, { ...SECURITY_HEADERS, 'Cache-Control': 'private, no-store' });
}
