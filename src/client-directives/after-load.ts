// `client:afterload`: hydrate once the page has loaded, painted its next frame and the browser is idle.
// Island scripts then never start loading while the page is still painting its content (with
// `client:afterload` they could start between two early paints and delay the largest one).
import type { ClientDirective } from 'astro';

const afterLoad: ClientDirective = (load) => {
  const hydrate = async () => (await load())();
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate(), { timeout: 2000 });
    else setTimeout(() => void hydrate(), 200);
  };
  // Two frames: the first callback runs before the next paint, the second after it.
  const afterNextPaint = () => requestAnimationFrame(() => requestAnimationFrame(whenIdle));
  if (document.readyState === 'complete') afterNextPaint();
  else window.addEventListener('load', afterNextPaint, { once: true });
};

export default afterLoad;
