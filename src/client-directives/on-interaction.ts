// `client:interaction`: hydrate when someone starts using the island — its first focus, pointer-down or
// key press — and not before (issue 19). Until then the island is its server-rendered HTML, which must
// work on its own (the header search is a real <input> in a GET form to /search): whatever is typed
// while the island's JavaScript loads stays in the field, and the island picks it up when it mounts.
// Nothing is fetched, parsed or run before the first interaction, so reading pages carry no React.
import type { ClientDirective } from 'astro';

const EVENTS = ['focusin', 'pointerdown', 'keydown'] as const;

const onInteraction: ClientDirective = (load, _options, el) => {
  const start = () => {
    for (const type of EVENTS) el.removeEventListener(type, start, true);
    void load().then((hydrate) => hydrate());
  };
  // Capture: the island's own fields get the events first-hand; nothing is prevented or replayed.
  for (const type of EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
};

export default onInteraction;
