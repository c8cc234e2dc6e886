// "The page is settled": its load event has fired, its next frame is painted and the browser is idle.
// Work started then never competes with the first paints of the content (docs/decisions.md "Page speed").
// A browser may still paint the page's largest content just after load, so work that sends bytes waits
// a pause more (`pauseMs`).

/** Calls `callback` once the page has loaded, painted its next frame and the browser is idle, then `pauseMs` later. */
export function whenSettled(callback: () => void, pauseMs = 0): void {
  const later = () => (pauseMs > 0 ? setTimeout(callback, pauseMs) : callback());
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(later, { timeout: 2000 });
    else setTimeout(later, 200);
  };
  // Two frames: the first callback runs before the next paint, the second after it.
  const afterNextPaint = () => requestAnimationFrame(() => requestAnimationFrame(whenIdle));
  if (document.readyState === 'complete') afterNextPaint();
  else window.addEventListener('load', afterNextPaint, { once: true });
}
