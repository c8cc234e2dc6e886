// `client:interaction`: hydrate when someone starts using the island — its first focus, pointer-down or
// key press — and not before. Until then the island is its server-rendered HTML, which must
// work on its own (the header search is a real <input> in a GET form to /search): whatever is typed
// while the island's JavaScript loads stays in the field, and the island picks it up when it mounts,
// counting its wait from the last key typed (`data-typed-at`, a `performance.now()` time). A button
// pressed or a form submitted meanwhile is pressed or submitted again once the island has hydrated
// (./held-action.ts).
// Nothing is parsed or run before the first interaction, so reading pages run no React. A second after
// the page has settled, the island's built modules are fetched into the HTTP cache at low priority (not on
// Save-Data or 2G), so the first use does not wait for ~70 KiB on a slow connection (docs/decisions.md
// "Reading pages without React"). The pause: the browser may paint the page's largest content only after
// load, and those bytes must not share the connection with it.
import type { ClientDirective } from 'astro';
import { heldAction } from './held-action';
import { prefetchIsUnwelcome, prefetchModules } from './prefetch-modules';
import { whenSettled } from './when-settled';

const EVENTS = ['focusin', 'pointerdown', 'keydown'] as const;
const HELD = ['click', 'submit', 'keydown'] as const;
/** How long after the page has settled the island's modules start to be prefetched. */
export const PREFETCH_PAUSE_MS = 1000;

const onInteraction: ClientDirective = (load, _options, el) => {
  let started = false;
  let held: (() => void) | null = null;
  const noteTyping = (event: Event) => el.setAttribute('data-typed-at', String(event.timeStamp));
  function start(): void {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start, true);
    el.addEventListener('input', noteTyping, true);
    void load()
      .then((hydrate) => hydrate())
      .then(() => {
        for (const type of HELD) el.removeEventListener(type, hold, true);
        const action = held;
        held = null;
        // The island's root now handles the replayed event (React hydrates first what it targets).
        action?.();
      })
      .finally(() => el.removeEventListener('input', noteTyping, true));
  }
  function hold(event: Event): void {
    held = heldAction(event, el) ?? held;
    // Assistive technology may activate a control with a click alone.
    start();
  }
  for (const type of HELD) el.addEventListener(type, hold, true);
  // Capture: the island's own fields get the events first-hand; only a held press is prevented and replayed.
  for (const type of EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
  whenSettled(() => {
    if (started || prefetchIsUnwelcome()) return;
    const modules = [el.getAttribute('component-url'), el.getAttribute('renderer-url')].filter((url) => url !== null);
    void prefetchModules(modules, () => started);
  }, PREFETCH_PAUSE_MS);
};

export default onInteraction;
