// The site's stylesheet, linked on the page's first use. The server wrote every rule the page's elements need
// into its <head> (src/lib/server/http/page-styles.ts) and left the stylesheet in a <noscript>, which browsers
// without JavaScript load as usual. What the stylesheet adds is the look of hover, focus and pressed states,
// print, and what scripts draw after someone acts, so it is linked on the first pointer move, touch, key or
// focus, once that interaction has been painted; applying it restyles every element, a task no first paint
// should wait for. A second after the page has settled it is fetched into the HTTP cache (not on Save-Data or
// 2G), so linking it then costs no round trip. Once it is in the cache, a cookie says so, and the next pages
// link it as usual (a cached file costs no request) instead of carrying its rules.
// It shares no module with another script, so Astro writes it into the page: a shared module (the client
// directives' whenSettled and prefetchIsUnwelcome, which the two helpers below follow) would become a file
// fetched before the first paint.
import { CACHED_STYLESHEET_COOKIE, CACHED_STYLESHEET_MAX_AGE_S, stylesheetFileName } from '~/lib/stylesheet-cookie';

const FIRST_USE = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;
/** How long after the page has settled the stylesheet is fetched. */
export const STYLESHEET_PREFETCH_PAUSE_MS = 1000;

/** Once the page has loaded, painted its next frame and the browser is idle, then `pauseMs` later. */
function whenSettled(callback: () => void, pauseMs: number): void {
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback : setTimeout)(() => setTimeout(callback, pauseMs));
  const afterNextPaint = () => requestAnimationFrame(() => requestAnimationFrame(whenIdle));
  if (document.readyState === 'complete') afterNextPaint();
  else window.addEventListener('load', afterNextPaint, { once: true });
}

/** Save-Data on, or a 2G connection. */
function prefetchIsUnwelcome(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return Boolean(connection?.saveData) || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}

/** Tells the server, for the pages to come, that the browser has this stylesheet in its cache. */
function rememberCached(href: string): void {
  // Over https the name takes the `__Host-` prefix and Secure, as the server names every cookie of the site (its
  // cookieName, which reads this one back); the server module is not for the browser.
  const https = location.protocol === 'https:';
  const name = https ? `__Host-${CACHED_STYLESHEET_COOKIE}` : CACHED_STYLESHEET_COOKIE;
  const cookie = `${name}=${stylesheetFileName(href)}; path=/; max-age=${CACHED_STYLESHEET_MAX_AGE_S}; samesite=lax`;
  document.cookie = https ? `${cookie}; secure` : cookie;
}

/** Links the stylesheet the page's <noscript data-stylesheet> names on first use, and prefetches it before. */
export function linkStylesheetOnFirstUse(): void {
  const href = document.querySelector<HTMLElement>('noscript[data-stylesheet]')?.dataset['stylesheet'];
  if (!href) return;
  let linked = false;
  const link = () => {
    if (linked) return;
    linked = true;
    const element = document.createElement('link');
    element.rel = 'stylesheet';
    element.href = href;
    element.addEventListener('load', () => rememberCached(href), { once: true });
    document.head.append(element);
  };
  const onFirstUse = () => {
    for (const type of FIRST_USE) window.removeEventListener(type, onFirstUse, true);
    requestAnimationFrame(() => setTimeout(link));
  };
  for (const type of FIRST_USE) window.addEventListener(type, onFirstUse, { capture: true, passive: true });
  whenSettled(() => {
    if (linked || prefetchIsUnwelcome()) return;
    fetch(href, { priority: 'low', credentials: 'same-origin' } as RequestInit)
      .then(async (response) => {
        if (!response.ok) return;
        await response.arrayBuffer(); // wholly downloaded, so wholly cached
        rememberCached(href);
      })
      .catch(() => undefined); // linked on first use all the same
  }, STYLESHEET_PREFETCH_PAUSE_MS);
}
