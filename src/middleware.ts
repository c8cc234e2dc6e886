// The one gate every on-demand request passes: security headers, same-origin writes, the session,
// and the redirects (signed-out → /auth, signed-in on /auth → /; docs/product.md "Sign-in page (/auth)").
import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { isPublicPath } from '~/lib/routes';
import { checkSettings } from '~/lib/server/config';
import { withRequestScope } from '~/lib/server/background';
import { errorResponse, expectedFailure, toErrorResponse } from '~/lib/server/http/response';
import { isAdmin, toPublicUser, warnIfAdminAddressSelfRegistered } from '~/lib/server/accounts/accounts';
import { cookieUserId, userForSession } from '~/lib/server/accounts/sessions';
import { sessionOrigin } from '~/lib/server/accounts/sign-in-request';
import { cookieName, getSession, sessionCookieData, type SessionData } from '~/lib/server/accounts/session-cookie';
import { flashToast, takeFlash } from '~/lib/server/accounts/flash';
import { openSessionGate, writeMarkWritten, type SessionGate, type SessionUser } from '~/lib/server/http/signed-in';
import { isScheduledCallPath } from '~/lib/server/http/scheduled-call';
import { writeAllowance } from '~/lib/server/accounts/write-limit';
import { requestNow } from '~/lib/server/clock';
import { withCriticalStyles } from '~/lib/server/http/page-styles';
import { CACHED_STYLESHEET_COOKIE } from '~/lib/stylesheet-cookie';

/** A signed-in write with a limit of its own (visits: team/visits.ts), outside the per-person write limit. */
const OWN_WRITE_LIMIT = '/api/track-visit';

/** API routes a signed-out visitor may call; the scheduled functions' calls carry their own token instead. */
const PUBLIC_API = new Set(['/api/login', '/api/register', '/api/logout']);
const isPublicApi = (path: string) => PUBLIC_API.has(path) || isScheduledCallPath(path);

/**
 * Requests that never need to know who is signed in, so they cost no session read: signing in or up
 * (through the API or the /auth form) starts a new session whatever the cookie says; logout deletes the
 * session its cookie names, whoever that is.
 */
function needsSession(path: string, method: string): boolean {
  if (isPublicApi(path)) return false;
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

/** Over https, browsers are told to use nothing else for a year, on every subdomain too. */
const transportSecurity = (url: URL): Record<string, string> =>
  url.protocol === 'https:' ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {};

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

/** A plain page for when storage or a setting is missing, or a limit is reached: no layout, since there may be no user. */
function failurePage(status: 503 | 429, message: string, retryAfter = '30'): Response {
  const escaped = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const title = status === 429 ? 'Too many requests' : 'Temporarily unavailable';
  return new Response(
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><body><h1>${title}</h1><p>${escaped}</p></body></html>`,
    { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': retryAfter, 'Cache-Control': 'no-store' } },
  );
}

const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/** Netlify's function context, which the adapter puts in locals (absent in tests and local serving). */
function platformWaitUntil(locals: App.Locals): ((promise: Promise<unknown>) => void) | undefined {
  const netlify = (locals as { netlify?: { context?: { waitUntil?: (promise: Promise<unknown>) => void } } }).netlify;
  const waitUntil = netlify?.context?.waitUntil;
  return typeof waitUntil === 'function' ? waitUntil.bind(netlify?.context) : undefined;
}

/** Requests whose locals already have a session gate: a rewrite (Astro.rewrite) runs the middleware again. */
const gated = new WeakSet<App.Locals>();

export const onRequest = defineMiddleware((context, next) => {
  if (gated.has(context.locals)) return next();
  gated.add(context.locals);
  let confirm: (signedIn: boolean) => void = () => undefined;
  const signedIn = new Promise<boolean>((resolve) => (confirm = resolve));
  const scope = { signedIn, waitUntil: platformWaitUntil(context.locals) };
  return withRequestScope(scope, async () => {
    try {
      const response = await handle(context, next, confirm);
      await writeMarkWritten(context.locals); // the person's next write counts this one
      return withHeaders(response, transportSecurity(context.url));
    } finally {
      confirm(false); // no session check ran (or it failed): background work is skipped
    }
  });
});

/**
 * Reads the session cookie and starts the check of the stored session (one round trip: the session and
 * user records in parallel, services/sessions.ts).
 */
async function openGate(context: APIContext): Promise<SessionGate> {
  const { locals, url, request, cookies } = context;
  locals.toast = null;
  const cookie = needsSession(url.pathname, request.method) ? await sessionCookieData(cookies, url) : {};
  const claimedUserId = cookieUserId(cookie);
  const check = claimedUserId === null ? Promise.resolve(null) : checkSession(context, cookie);
  check.catch(() => undefined); // answered in handle()
  const limited = claimedUserId !== null && !isSafeMethod(request.method) && url.pathname !== OWN_WRITE_LIMIT;
  const gate = {
    claimedUserId,
    sessionId: typeof cookie.sessionId === 'string' ? cookie.sessionId : '',
    check,
    // Its marks of the last minute are listed beside the session check; admitted once the check passed.
    writes: limited ? writeAllowance(claimedUserId, requestNow(request)) : undefined,
  };
  openSessionGate(locals, gate);
  return gate;
}

/** A toast the previous request left for this page (sign-in, logout): rendered with it, shown once. */
function takeToast(context: APIContext, who: SessionUser | null): App.Locals['toast'] {
  const flash = takeFlash(context.cookies, context.url);
  return flash && flashToast(flash, who?.user ?? null);
}

/** The signed-in user if the cookie's session is live; a stale cookie is forgotten. */
async function checkSession(context: APIContext, cookie: Partial<SessionData>): Promise<SessionUser | null> {
  const user = await userForSession(cookie, sessionOrigin(context));
  if (!user) {
    (await getSession(context.cookies, context.url)).destroy(); // signed out, ended, expired, disabled or deleted
    return null;
  }
  warnIfAdminAddressSelfRegistered(user);
  return { user: toPublicUser(user), isAdmin: isAdmin(user) };
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * The one way through a request: settings, the same-origin rule for writes, then the route. A request to
 * a protected path with a session cookie runs beside the session check (its reads share the check's round
 * trip: signed-in.ts) and its answer is used only if the check passes; public paths wait for the check.
 */
async function handle(context: APIContext, next: MiddlewareNext, confirm: (signedIn: boolean) => void): Promise<Response> {
  const { url, request } = context;
  const path = url.pathname;
  const isApi = isApiPath(path);
  if (path.startsWith('/_astro/')) return withHeaders(missingAsset(), SECURITY_HEADERS);
  // The unsubscribe link's POST comes from mail clients (RFC 8058 one-click): its signed link is its authority.
  // A scheduled function's call comes from no browser and has no Origin: its bearer token is its authority.
  const crossSiteAllowed = path === '/unsubscribe' || isScheduledCallPath(path);
  if (!isSafeMethod(request.method) && request.headers.get('origin') !== url.origin && !crossSiteAllowed) {
    return withHeaders(errorResponse(403, 'Cross-site requests are not allowed'), SECURITY_HEADERS);
  }
  const cacheControl = isApi ? { 'Cache-Control': 'no-store' } : isPublicPath(path) ? {} : { 'Cache-Control': 'private, no-store' };

  let response: Response | null = null;
  let routeError: unknown = null;
  let besideCheck: boolean;
  try {
    checkSettings(); // a missing or weak secret, a short invite code: 503 naming the setting
    const gate = await openGate(context);
    // Background work waits for a session check only where there is one to pass.
    if (!needsSession(path, request.method)) confirm(true);
    gate.check.then(
      (who) => confirm(who !== null),
      () => confirm(false),
    );
    besideCheck = gate.claimedUserId !== null && !(isApi ? isPublicApi(path) : isPublicPath(path));
    if (besideCheck) {
      // Taken now, while the answer's cookies can still change; named once the user is known, before the
      // page's own wait for the check resumes (reactions run in the order they were added).
      const flash = isApi ? null : takeFlash(context.cookies, url);
      gate.check.then(
        (who) => (context.locals.toast = flash && flashToast(flash, who?.user ?? null)),
        () => undefined,
      );
      try {
        response = await next();
      } catch (error) {
        routeError = error;
      }
    }
    const who = await gate.check;
    const signedIn = who !== null;
    if (!signedIn && !(isApi ? isPublicApi(path) : isPublicPath(path))) {
      await response?.body?.cancel();
      const signedOut = isApi ? errorResponse(401, 'Not signed in') : context.redirect('/auth', 302);
      return withHeaders(signedOut, { ...SECURITY_HEADERS, ...(isApi ? cacheControl : {}) });
    }
    if (path === '/auth' && signedIn) return withHeaders(context.redirect('/', 302), SECURITY_HEADERS);
    if (!besideCheck && !isApi) context.locals.toast = takeToast(context, who);
  } catch (error) {
    await response?.body?.cancel();
    if (isApi) return withHeaders(toErrorResponse(error), { ...SECURITY_HEADERS, ...cacheControl });
    const failure = expectedFailure(error);
    if (failure?.status === 503) return withHeaders(failurePage(503, failure.message), SECURITY_HEADERS);
    throw error;
  }

  if (!besideCheck) {
    try {
      response = await next();
    } catch (error) {
      routeError = error;
    }
  }
  const answer = await withPageStyles(context, routeAnswer(context, response, routeError));
  return withHeaders(answer, { ...SECURITY_HEADERS, ...cacheControl });
}

/** A page with the CSS of its first paint (unless the browser has the stylesheet cached); an API answer as it is. */
function withPageStyles(context: APIContext, answer: Response): Response | Promise<Response> {
  if (isApiPath(context.url.pathname)) return answer;
  return withCriticalStyles(answer, context.cookies.get(cookieName(context.url, CACHED_STYLESHEET_COOKIE))?.value);
}

/**
 * What the route answered; a failure becomes JSON on the API; on a page, storage that failed is the
 * "Temporarily unavailable" page (503), a form's write over the person's limit a plain 429 page, anything
 * else Astro's error page.
 */
function routeAnswer(context: APIContext, response: Response | null, routeError: unknown): Response {
  if (!isApiPath(context.url.pathname)) {
    if (response !== null) return response;
    const failure = expectedFailure(routeError);
    if (failure?.status === 503) return failurePage(503, failure.message, failure.headers['Retry-After']);
    if (failure?.status === 429) return failurePage(429, failure.message, failure.headers['Retry-After']);
    throw routeError;
  }
  return asJsonError(response ?? toErrorResponse(routeError), context.routePattern);
}
