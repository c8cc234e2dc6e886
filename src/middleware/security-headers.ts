import { defineMiddleware } from 'astro:middleware';
import { isApiPath, isPublic } from './paths';

/** The browser features a page may use: none, except the microphone for the site itself where reps record answers. */
function permissionsPolicy(microphone: '()' | '(self)'): string {
  return `camera=(), microphone=${microphone}, geolocation=(), payment=(), usb=(), interest-cohort=()`;
}

/** A scenario's page, /practice/{id}, where a rep may record a spoken answer (not the reviews or an attempt's page). */
const RECORDING_PAGE = /^\/practice\/(?!reviews\/?$|attempts(?:\/|$))[a-z0-9-]+\/?$/;

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': permissionsPolicy('()'),
  'Cross-Origin-Opener-Policy': 'same-origin',
  // On pages Astro already sends a CSP header with the script/style hashes (astro.config.mjs): these
  // directives are appended to it (framing cannot be set by <meta>); API answers get them alone.
  'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
};

/** Over https, browsers are told to use nothing else for a year, on every subdomain too. */
const transportSecurity = (url: URL): Record<string, string> =>
  url.protocol === 'https:' ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {};

/** Nothing protected is kept by a cache: API answers not at all, protected pages by the browser only. */
function cacheControl(path: string): Record<string, string> {
  if (isApiPath(path)) return { 'Cache-Control': 'no-store' };
  return isPublic(path) ? {} : { 'Cache-Control': 'private, no-store' };
}

/** `existing` plus the directives of `extra` it lacks (a repeated directive is a console error in browsers). */
function extendPolicy(existing: string, extra: string): string {
  const present = new Set(existing.split(';').map((directive) => directive.trim().split(/\s+/)[0]?.toLowerCase()));
  const missing = extra
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !present.has(d.split(/\s+/)[0]!.toLowerCase()));
  return missing.length === 0 ? existing : `${existing.replace(/;\s*$/, '')}; ${missing.join('; ')}`;
}

/**
 * Sets the headers; a CSP Astro already emitted for the page (script/style hashes) is extended, not replaced, and
 * a route's own `private, no-store` (a recording) is kept: it says no less than the default.
 */
function applyHeaders(target: Headers, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'Cache-Control' && target.get(name) === 'private, no-store') continue;
    const existing = name === 'Content-Security-Policy' ? target.get(name) : null;
    target.set(name, existing ? extendPolicy(existing, value) : value);
  }
}

/** Every answer gets the security headers, and the caching rule of its path. */
export const securityHeaders = defineMiddleware(async ({ url }, next) => {
  const response = await next();
  const headers = {
    ...SECURITY_HEADERS,
    ...(RECORDING_PAGE.test(url.pathname) && { 'Permissions-Policy': permissionsPolicy('(self)') }),
    ...transportSecurity(url),
    ...cacheControl(url.pathname),
  };
  // Redirects and some platform responses have immutable headers: copy them when needed.
  try {
    applyHeaders(response.headers, headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    applyHeaders(copy.headers, headers);
    return copy;
  }
});
