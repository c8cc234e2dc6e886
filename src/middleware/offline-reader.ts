/**
 * Every page a signed-in person is shown names its reader for the service worker (public/sw.js), which keeps
 * some pages offline: a page for someone else, or the sign-in page seen signed out, clears what it kept.
 * Runs around the session gate, so the check has settled when the page's answer comes back.
 */
import { defineMiddleware } from 'astro:middleware';
import { NO_READER, OFFLINE_READER_HEADER } from '~/shared/api/offline';
import { offlineReaderKey } from '~/server/offline/offline-pages';
import { isApiPath, needsSession } from './paths';

export const offlineReader = defineMiddleware(async (context, next) => {
  const response = await next();
  const { url, request, locals } = context;
  const isPage = request.method === 'GET' && !isApiPath(url.pathname) && response.headers.get('Content-Type')?.startsWith('text/html');
  // Only where the gate asked who is signed in: elsewhere nobody knows, and saying "none" would clear a reader's copy.
  if (!isPage || !needsSession(url.pathname, request.method) || !locals.session) return response;
  const who = await locals.session.check.catch(() => null);
  const reader = who ? offlineReaderKey(who.user.id) : NO_READER;
  try {
    response.headers.set(OFFLINE_READER_HEADER, reader);
    return response;
  } catch {
    const copy = new Response(response.body, response); // immutable headers: copied
    copy.headers.set(OFFLINE_READER_HEADER, reader);
    return copy;
  }
});
