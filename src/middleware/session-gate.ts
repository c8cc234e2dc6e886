/**
 * The session gate (src/server/http/signed-in.ts): who is signed in, checked once per request. A request to a
 * protected path with a session cookie runs beside the check (its reads share the check's round trip) and
 * its answer is used only if the check passes; public paths wait for the check, or need none. Signed out on
 * a protected path: 401 on the API, the redirect to /auth on a page. Signed in on /auth: home. A CRM's
 * signed webhook call (paths.ts `isSignedWebhookCall`) needs no session: its route checks the signature.
 */
import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { withRequestScope } from '~/server/background';
import { requestNow } from '~/server/clock';
import { errorResponse, failureAnswer } from '~/server/http/response';
import { openSessionGate, writeMarkWritten, type SessionGate, type SessionUser } from '~/server/http/signed-in';
import { flashToast, takeFlash } from '~/server/accounts/flash';
import { isAdmin, toPublicUser, warnIfAdminAddressSelfRegistered } from '~/server/accounts/roles';
import { cookieUserId, userForSession } from '~/server/accounts/sessions';
import { sessionOrigin } from '~/server/accounts/sessions';
import { getSession, sessionCookieData, type SessionData } from '~/server/accounts/session-cookie';
import { writeAllowance } from '~/server/accounts/write-limit';
import { openOnPage } from '~/server/content-reports/open-on-page';
import { waitingForReviewer } from '~/server/practice/review-count';
import { isApiPath, isPublic, isSafeMethod, isSignedWebhookCall, needsSession } from './paths';

/** A signed-in write with a limit of its own (visits: team/visits.ts), outside the per-person write limit. */
const OWN_WRITE_LIMIT = '/api/track-visit';

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

/** Whether the request needs to know who is signed in (a signed webhook call never does). */
const sessionRead = ({ url, request }: APIContext): boolean =>
  needsSession(url.pathname, request.method) && !isSignedWebhookCall(url.pathname, request);

/** Reads the session cookie and starts the check of the stored session (one round trip: session ∥ user). */
async function openGate(context: APIContext): Promise<SessionGate> {
  const { locals, url, request, cookies } = context;
  locals.toast = null;
  const cookie = sessionRead(context) ? await sessionCookieData(cookies, url) : {};
  const claimedUserId = cookieUserId(cookie);
  const check = claimedUserId === null ? Promise.resolve(null) : checkSession(context, cookie);
  check.catch(() => undefined); // answered in answer()
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
function toastFor(context: APIContext, who: Promise<SessionUser | null>): void {
  const flash = takeFlash(context.cookies, context.url); // taken now, while the answer's cookies can still change
  who.then(
    (user) => (context.locals.toast = flash && flashToast(flash, user?.user ?? null)),
    () => undefined,
  );
}

async function answer(context: APIContext, next: MiddlewareNext, gate: SessionGate): Promise<Response> {
  const { url } = context;
  const path = url.pathname;
  const isApi = isApiPath(path);
  const open = isPublic(path) || isSignedWebhookCall(path, context.request);
  const besideCheck = gate.claimedUserId !== null && !open;
  if (!isApi) toastFor(context, gate.check); // named once the user is known, before the page's own wait resumes
  if (!isApi && besideCheck) {
    void waitingForReviewer(gate); // the sidebar's count for administrators, beside the page's reads
    if (isSafeMethod(context.request.method)) void openOnPage(gate, path); // the layout's line on a content page
  }
  const early = besideCheck
    ? next().then(
        (response) => ({ response }),
        (error: unknown) => ({ error }),
      )
    : null;
  const who = await gate.check.catch(async (error: unknown) => {
    const settled = await early;
    if (settled && 'response' in settled) await settled.response.body?.cancel();
    throw error;
  });
  if (!who && !open) {
    const settled = await early;
    if (settled && 'response' in settled) await settled.response.body?.cancel();
    return isApi ? errorResponse(401, 'Not signed in') : context.redirect('/auth', 302);
  }
  if (path === '/auth' && who) return context.redirect('/', 302);
  const settled = early
    ? await early
    : await next().then(
        (response) => ({ response }),
        (error: unknown) => ({ error }),
      );
  if ('error' in settled) throw settled.error;
  return settled.response;
}

export const sessionGate = defineMiddleware(async (context, next) => {
  if (context.locals.session) return next(); // a rewrite (Astro.rewrite) runs the middleware again
  const isApi = isApiPath(context.url.pathname);
  let gate: SessionGate;
  try {
    gate = await openGate(context);
  } catch (error) {
    return failureAnswer(error, isApi);
  }
  // Background work waits for a session check only where there is one to pass.
  const signedIn = sessionRead(context)
    ? gate.check.then(
        (who) => who !== null,
        () => false,
      )
    : Promise.resolve(true);
  return withRequestScope({ signedIn, waitUntil: platformWaitUntil(context.locals) }, async () => {
    try {
      const response = await answer(context, next, gate);
      await writeMarkWritten(context.locals); // the person's next write counts this one
      return response;
    } catch (error) {
      return failureAnswer(error, isApi);
    }
  });
});

/** Netlify's function context, which the adapter puts in locals (absent in tests and local serving). */
function platformWaitUntil(locals: App.Locals): ((promise: Promise<unknown>) => void) | undefined {
  const netlify = (locals as { netlify?: { context?: { waitUntil?: (promise: Promise<unknown>) => void } } }).netlify;
  const waitUntil = netlify?.context?.waitUntil;
  return typeof waitUntil === 'function' ? waitUntil.bind(netlify?.context) : undefined;
}
