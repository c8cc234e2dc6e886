// `client:interaction`: hydrate when someone starts using the island — its first focus, pointer-down or
// key press — and not before. Until then the island is its server-rendered HTML, which must
// work on its own (the header search is a real <input> in a GET form to /search): whatever is typed
// while the island's JavaScript loads stays in the field, and the island picks it up when it mounts,
// counting its wait from the last key typed (`data-typed-at`, a `performance.now()` time).
// Nothing is parsed or run before the first interaction, so reading pages run no React. Once the page
// has settled, the island's built modules are fetched into the HTTP cache at low priority (not on
// Save-Data or 2G), so the first use does not wait for ~70 KiB on a slow connection (docs/decisions.md
// "Reading pages without React").
import type { ClientDirective } from 'astro';
import { prefetchIsUnwelcome, prefetchModules } from './prefetch-modules';
import { whenSettled } from './when-settled';

const EVENTS = ['focusin', 'pointerdown', 'keydown'] as const;

const onInteraction: ClientDirective = (load, _options, el) => {
  let started = false;
  const noteTyping = (event: Event) => el.setAttribute('data-typed-at', String(event.timeStamp));
  const start = () => {
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start, true);
    el.addEventListener('input', noteTyping, true);
    void load()
      .then((hydrate) => hydrate())
      .finally(() => el.removeEventListener('input', noteTyping, true));
  };
  // Capture: the island's own fields get the events first-hand; nothing is prevented or replayed.
  for (const type of EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
  whenSettled(() => {
    if (started || prefetchIsUnwelcome()) return;
    const modules = [el.getAttribute('component-url'), el.getAttribute('renderer-url')].filter((url) => url !== null);
    void prefetchModules(modules, () => started);
  });
};

export default onInteraction;
