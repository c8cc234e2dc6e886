// The cookie by which a browser tells the server it has the site's stylesheet in its HTTP cache: its file name,
// set by src/page-scripts/stylesheet.ts once the file is cached, read by src/lib/server/http/page-styles.ts. A page
// asked with the current name links the cached stylesheet (no request, no rules written into the page); any other
// value is ignored (docs/decisions.md "The first paint's CSS").

export const CACHED_STYLESHEET_COOKIE = 'pw_stylesheet';

/** The cookie's value: the stylesheet's file name, the last part of its address. */
export const stylesheetFileName = (href: string) => href.slice(href.lastIndexOf('/') + 1);

/** A year, as long as the built file is cached: a new deploy names a new file, which no cookie matches. */
export const CACHED_STYLESHEET_MAX_AGE_S = 365 * 24 * 60 * 60;
