// The site's stylesheet, linked on the page's first use. The server wrote every rule the page's elements need
// into its <head> (src/lib/server/http/page-styles.ts) and left the stylesheet in a <noscript>, which browsers
// without JavaScript load as usual. What the stylesheet adds is the look of hover, focus and pressed states,
// print, and what scripts draw after someone acts, so it is linked on the first pointer move, touch, key or
// focus, once that interaction has been painted; applying it restyles every element, a task no first paint
// should wait for. A second after the page has settled it is fetched into the HTTP cache (not on Save-Data or
// 2G), so linking it then costs no round trip.
// It imports nothing, so Astro writes it into the page: a module shared with another script (the client
// directives' whenSettled and prefetchIsUnwelcome, which the two helpers below follow) would become a file
// fetched before the first paint.

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
    document.head.append(element);
  };
  const onFirstUse = () => {
    for (const type of FIRST_USE) window.removeEventListener(type, onFirstUse, true);
    requestAnimationFrame(() => setTimeout(link));
  };
  for (const type of FIRST_USE) window.addEventListener(type, onFirstUse, { capture: true, passive: true });
  whenSettled(() => {
    if (linked || prefetchIsUnwelcome()) return;
    fetch(href, { priority: 'low', credentials: 'same-origin' } as RequestInit).catch(() => undefined); // linked later all the same
  }, STYLESHEET_PREFETCH_PAUSE_MS);
}
