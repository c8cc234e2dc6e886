import { defineMiddleware } from 'astro:middleware';
import { errorResponse } from '~/server/http/response';
import { isScheduledCallPath } from '~/server/http/scheduled-call';
import { isSafeMethod } from './paths';

/**
 * Writes come from this site only (Origin checked whatever the content type, so Astro's own checkOrigin is
 * off). Two writes come from no browser, each with its own authority: the unsubscribe link's one-click POST
 * from mail clients (its signed link) and a scheduled function's call (its bearer token).
 */
export const sameOriginWrites = defineMiddleware(({ url, request }, next) => {
  const crossSiteAllowed = url.pathname === '/unsubscribe' || isScheduledCallPath(url.pathname);
  if (isSafeMethod(request.method) || request.headers.get('origin') === url.origin || crossSiteAllowed) return next();
  return errorResponse(403, 'Cross-site requests are not allowed');
});
