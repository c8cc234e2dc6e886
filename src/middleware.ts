// The one gate every on-demand request passes: security headers, same-origin writes, the session,
// and the redirects of SPEC §4 (signed-out → /auth, signed-in on /auth → /).
import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { isPublicPath } from '~/lib/routes';
import { checkSettings, isLocalRun } from '~/lib/server/config';
import { newTrace, serverTiming, withTrace, type RequestTrace } from '~/lib/server/request-trace';
import { errorResponse, expectedFailure, toErrorResponse } from '~/lib/server/http/response';
import { isAdmin, toPublicUser, warnIfAdminAddressSelfRegistered } from '~/lib/server/services/accounts';
import { userForSession } from '~/lib/server/services/sessions';
import { getSession, sessionCookieData } from '~/lib/server/session';
import { flashToast, takeFlash } from '~/lib/server/flash';

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
    async (trace) => withServerTiming(trace, await handle(context, next)),
  ),
);

function withServerTiming(trace: RequestTrace, response: Response): Response {
  return isLocalRun() ? withHeaders(response, { 'Server-Timing': serverTiming(trace) }) : response;
}

async function handle(context: APIContext, next: MiddlewareNext): Promise<Response> {
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
    if (!sessionChecked && needsSession(path, request.method)) {
      // One round trip: the session record and the user record are read in parallel (services/sessions.ts).
      const cookie = await sessionCookieData(context.cookies, url);
      const user = await userForSession(cookie);
      if (user) {
        context.locals.user = toPublicUser(user);
        context.locals.isAdmin = isAdmin(user);
        warnIfAdminAddressSelfRegistered(user);
      } else if (cookie.userId) {
        (await getSession(context.cookies, url)).destroy(); // stale: signed out, ended, expired, disabled or deleted
      }
    }
    checkedSessions.add(context.locals);
  } catch (error) {
    if (isApi) return withHeaders(toErrorResponse(error), SECURITY_HEADERS);
    const failure = expectedFailure(error);
    if (failure?.status === 503) return withHeaders(unavailablePage(failure.message), SECURITY_HEADERS);
    throw error;
  }

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
