// Puts an island's built modules in the HTTP cache without running them (docs/decisions.md "Header search on first use"): each module is
// fetched as text at low priority and read only for its static imports, which are fetched in turn.
// Nothing is parsed as JavaScript or executed; when the island is used, the browser's module loader
// finds every file in the cache. Only built assets (`/_astro/`, hashed and cached for a year) are
// followed: the dev server's modules are many, unbundled and not cacheable.

/** `import"./a.js"`, `import{x}from"./a.js"`, `export*from"./a.js"`; never `import("./a.js")` (loaded on demand). */
const STATIC_IMPORT = /\b(?:import|from)\s*["']([^"']+)["']/g;

/** A built asset of this site: the only kind worth prefetching. */
function builtAsset(specifier: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(specifier, base);
  } catch {
    return null;
  }
  const sameOrigin = url.origin === new URL(base).origin;
  return sameOrigin && url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js') ? url.href : null;
}

/** The built modules `source` (the text of the module at `moduleUrl`) imports statically, as absolute URLs. */
export function staticImportsOf(source: string, moduleUrl: string): string[] {
  const found = new Set<string>();
  for (const [, specifier] of source.matchAll(STATIC_IMPORT)) {
    const url = builtAsset(specifier!, moduleUrl);
    if (url) found.add(url);
  }
  return [...found];
}

export type FetchText = (url: string) => Promise<string>;

/** A low-priority GET whose answer lands in the HTTP cache; its text, or '' when it failed. */
const fetchLowPriority: FetchText = async (url) => {
  try {
    const response = await fetch(url, { priority: 'low', credentials: 'same-origin' } as RequestInit);
    return response.ok ? await response.text() : '';
  } catch {
    return ''; // offline or blocked: the island loads its modules itself when used
  }
};

/**
 * Fetches the built modules among `entries` and everything they import statically, each once.
 * Stops starting new fetches once `stop()` says so (the island is loading for real). Returns the URLs fetched.
 */
export async function prefetchModules(
  entries: readonly string[],
  stop: () => boolean = () => false,
  fetchText: FetchText = fetchLowPriority,
): Promise<string[]> {
  const seen = new Set<string>();
  const visit = async (url: string): Promise<void> => {
    if (seen.has(url) || stop()) return;
    seen.add(url);
    const source = await fetchText(url);
    await Promise.all(staticImportsOf(source, url).map(visit));
  };
  const base = document.baseURI;
  await Promise.all(
    entries
      .map((entry) => builtAsset(entry, base))
      .filter((url): url is string => url !== null)
      .map(visit),
  );
  return [...seen];
}

/** Save-Data, or a 2G-class connection: the bytes matter more than a faster first use. */
export function prefetchIsUnwelcome(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return Boolean(connection?.saveData) || connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g';
}
