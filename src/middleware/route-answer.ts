import { defineMiddleware } from 'astro:middleware';
import { errorResponse, expectedFailure, failurePage, toErrorResponse } from '~/server/http/response';
import { isApiPath } from './paths';

/**
 * Astro answers an existing route called with a method it lacks with an empty 404; every /api answer must
 * be JSON, and that case is really a 405.
 */
function asJsonError(response: Response, routePattern: string): Response {
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  if (response.status < 400 || isJson) return response;
  if (response.status === 404 && routePattern !== '/api/[...path]') return errorResponse(405, 'Method not allowed');
  return errorResponse(response.status, response.statusText || 'Request failed');
}

/**
 * What the route answered; a failure becomes JSON on the API; on a page, storage that failed is the
 * "Temporarily unavailable" page (503), a form's write over the person's limit a plain 429 page, anything
 * else Astro's error page.
 */
export const routeAnswer = defineMiddleware(async (context, next) => {
  const isApi = isApiPath(context.url.pathname);
  try {
    const response = await next();
    return isApi ? asJsonError(response, context.routePattern) : response;
  } catch (error) {
    if (isApi) return toErrorResponse(error);
    const failure = expectedFailure(error);
    if (failure?.status === 503) return failurePage(503, failure.message, failure.headers['Retry-After']);
    if (failure?.status === 429) return failurePage(429, failure.message, failure.headers['Retry-After']);
    throw error;
  }
});
