import { defineMiddleware } from 'astro:middleware';
import { errorResponse } from '~/server/http/response';
import { isScheduledCallPath } from '~/server/http/scheduled-call';
import { isSafeMethod, isSignedWebhookCall } from './paths';

/**
 * Writes come from this site only (Origin checked whatever the content type, so Astro's own checkOrigin is
 * off). Three writes come from no browser, each with its own authority: the unsubscribe link's one-click POST
 * from mail clients (its signed link), a scheduled function's call (its bearer token) and a CRM's outcomes
 * webhook (its signature header).
 */
export const sameOriginWrites = defineMiddleware(({ url, request }, next) => {
  const crossSiteAllowed =
    url.pathname === '/unsubscribe' || isScheduledCallPath(url.pathname) || isSignedWebhookCall(url.pathname, request);
  if (isSafeMethod(request.method) || request.headers.get('origin') === url.origin || crossSiteAllowed) return next();
  return errorResponse(403, 'Cross-site requests are not allowed');
});
