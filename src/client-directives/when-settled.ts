// "The page is settled": its load event has fired, its next frame is painted and the browser is idle.
// Work started then never competes with the first paints of the content (docs/decisions.md "Page speed").

/** Calls `callback` once the page has loaded, painted its next frame and the browser is idle. */
export function whenSettled(callback: () => void): void {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: 2000 });
    else setTimeout(callback, 200);
  };
  // Two frames: the first callback runs before the next paint, the second after it.
  const afterNextPaint = () => requestAnimationFrame(() => requestAnimationFrame(whenIdle));
  if (document.readyState === 'complete') afterNextPaint();
  else window.addEventListener('load', afterNextPaint, { once: true });
}
