// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchIsUnwelcome, prefetchModules, staticImportsOf } from './prefetch-modules';

const AT = 'http://localhost:3000/_astro/HeaderSearch.abc.js';

describe('staticImportsOf', () => {
  it('finds static imports and re-exports of built modules, resolved against the module, each once', () => {
    const source =
      'import{j as e}from"./jsx-runtime.D1.js";import"./side.E2.js";export*from"/_astro/store.F3.js";' +
      'import{r}from"./jsx-runtime.D1.js";const s="x";';
    expect(staticImportsOf(source, AT)).toEqual([
      'http://localhost:3000/_astro/jsx-runtime.D1.js',
      'http://localhost:3000/_astro/side.E2.js',
      'http://localhost:3000/_astro/store.F3.js',
    ]);
  });

  it('leaves out dynamic imports (loaded on demand), other origins, dev-server modules and non-scripts', () => {
    const source =
      'const m=()=>import("./lazy.G4.js");import"https://cdn.example/x.js";import"/src/islands/HeaderSearch.tsx";' +
      'import"/node_modules/.vite/deps/react.js";import"./styles.H5.css";';
    expect(staticImportsOf(source, AT)).toEqual([]);
  });
});

describe('prefetchModules', () => {
  afterEach(() => vi.unstubAllGlobals());

  const graph: Record<string, string> = {
    'http://localhost:3000/_astro/HeaderSearch.abc.js': 'import{a}from"./react.R1.js";import"./store.S1.js";',
    'http://localhost:3000/_astro/client.C1.js': 'import{b}from"./react.R1.js";import"./react-dom.D1.js";',
    'http://localhost:3000/_astro/react.R1.js': 'export const a=1;',
    'http://localhost:3000/_astro/store.S1.js': 'import"./react.R1.js";',
    'http://localhost:3000/_astro/react-dom.D1.js': 'import"./react.R1.js";const later=()=>import("./lazy.L1.js");',
  };

  it('fetches both entries and their whole static graph, each module once', async () => {
    const fetched: string[] = [];
    const urls = await prefetchModules(['/_astro/HeaderSearch.abc.js', '/_astro/client.C1.js'], undefined, async (url) => {
      fetched.push(url);
      return graph[url] ?? '';
    });
    expect(fetched.sort()).toEqual(Object.keys(graph).sort());
    expect(urls.sort()).toEqual(Object.keys(graph).sort());
  });

  it('prefetches nothing on the dev server (unbundled, uncacheable modules)', async () => {
    const fetchText = vi.fn(async () => '');
    expect(await prefetchModules(['/src/islands/HeaderSearch.tsx', '/@id/astro:react-client'], undefined, fetchText)).toEqual([]);
    expect(fetchText).not.toHaveBeenCalled();
  });

  it('starts no new fetch once the island is loading for real', async () => {
    let loading = false;
    const fetched: string[] = [];
    await prefetchModules(
      ['/_astro/HeaderSearch.abc.js'],
      () => loading,
      async (url) => {
        fetched.push(url);
        loading = true; // the first key press came while the entry was on its way
        return graph[url] ?? '';
      },
    );
    expect(fetched).toEqual(['http://localhost:3000/_astro/HeaderSearch.abc.js']);
  });

  it('by default asks for each module at low priority, and a failed fetch ends that branch quietly', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      String(input).endsWith('HeaderSearch.abc.js') ? new Response('import"./gone.Z9.js";') : new Response('', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await prefetchModules(['/_astro/HeaderSearch.abc.js'])).toEqual([
      'http://localhost:3000/_astro/HeaderSearch.abc.js',
      'http://localhost:3000/_astro/gone.Z9.js',
    ]);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ priority: 'low', credentials: 'same-origin' });
  });
});

describe('prefetchIsUnwelcome', () => {
  afterEach(() => vi.unstubAllGlobals());
  const withConnection = (connection: object | undefined) => vi.stubGlobal('navigator', { ...navigator, connection });

  it('is true on Save-Data and on 2G-class connections, false otherwise', () => {
    withConnection({ saveData: true, effectiveType: '4g' });
    expect(prefetchIsUnwelcome()).toBe(true);
    withConnection({ saveData: false, effectiveType: '2g' });
    expect(prefetchIsUnwelcome()).toBe(true);
    withConnection({ saveData: false, effectiveType: 'slow-2g' });
    expect(prefetchIsUnwelcome()).toBe(true);
    withConnection({ saveData: false, effectiveType: '3g' });
    expect(prefetchIsUnwelcome()).toBe(false);
    withConnection(undefined); // browsers without the API
    expect(prefetchIsUnwelcome()).toBe(false);
  });
});
