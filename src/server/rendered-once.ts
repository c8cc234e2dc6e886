/**
 * HTML rendered once per server instance and day (docs/decisions.md "Rendering the same HTML once").
 *
 * Most of a reading page is the same for every signed-in visitor: it is made from the build's content
 * and today's date (review notes), never from a user's records. Rendering it on every request cost a
 * reading page ~9 ms of CPU, which is what a busy function instance queues on. `renderedOnce` keeps that
 * HTML in memory, keyed by what it depends on, and starts over when the day changes. Concurrent first
 * requests share one render. The dev server renders every time, so edits show at once.
 */

/** Bounds the memory a long-lived instance can hold (a reading page's fragments are 5–100 KB). */
export const RENDERED_ONCE_MAX_ENTRIES = 300;

interface Cache {
  day: string;
  entries: Map<string, Promise<string>>;
}

const cache: Cache = { day: '', entries: new Map() };

/** What a cached fragment may not contain: its script would run twice, or be missing, on other pages. */
const PAGE_STATE_MARKERS = ['<script', '<astro-island'];

function checkCacheable(key: string, html: string): string {
  const marker = PAGE_STATE_MARKERS.find((candidate) => html.includes(candidate));
  if (marker) {
    throw new Error(
      `RenderedOnce "${key}": the HTML contains ${marker}…>, which Astro renders once per page. ` +
        'Move the component with the script or island outside <RenderedOnce>.',
    );
  }
  return html;
}

/**
 * The HTML `render` gives for `key` on `day`, rendered at most once per day while it stays cached.
 * `key` must name everything the HTML depends on besides the build and the day (a page, a tab, an id).
 */
export function renderedOnce(key: string, day: string, render: () => Promise<string>, enabled = !import.meta.env.DEV): Promise<string> {
  if (!enabled) return render().then((html) => checkCacheable(key, html));
  if (cache.day !== day) {
    cache.day = day;
    cache.entries.clear();
  }
  const cached = cache.entries.get(key);
  if (cached) {
    // Map order is insertion order: moving a hit to the end makes eviction least-recently-used.
    cache.entries.delete(key);
    cache.entries.set(key, cached);
    return cached;
  }
  const rendering = render().then((html) => checkCacheable(key, html));
  cache.entries.set(key, rendering);
  // A failed render is not kept: the next request tries again (and shows the error again).
  rendering.catch(() => {
    if (cache.entries.get(key) === rendering) cache.entries.delete(key);
  });
  while (cache.entries.size > RENDERED_ONCE_MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
  return rendering;
}
