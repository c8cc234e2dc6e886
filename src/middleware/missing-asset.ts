import { defineMiddleware } from 'astro:middleware';

/**
 * A file under /_astro/ that reached the server does not exist (the CDN serves the real ones): typically an
 * old tab asking for a script of the previous deploy. A complete plain answer, no layout, no session.
 */
export const missingAsset = defineMiddleware((context, next) => {
  if (!context.url.pathname.startsWith('/_astro/')) return next();
  return new Response('Not found\n', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
});
