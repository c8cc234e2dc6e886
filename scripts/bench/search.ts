/**
 * Benchmark of the search, in process (docs/decisions.md: never through the emulators). Loads the real
 * search documents — src/server/content/search-documents.ts run through Astro's Vite config, as the unit
 * tests do, so astro:content reads the synced content — then prints:
 * - the index build time and the memory the index holds (heap after a forced GC, with and without it);
 * - the median and p95 time of 1,000 representative queries (whole words, prefixes while typing, typos,
 *   two-word phrases, terms and abbreviations, misses), each through `query()` (the API answer, snippets
 *   included); targets: p95 ≤ 5 ms, build ≤ 1 s, index ≤ 20 MB;
 * - the gzip size of the header search island's own JS, from dist/_astro/HeaderSearch*.js when a build
 *   exists, plus an esbuild estimate of the island and its store (react and nanostores excluded).
 * It prints figures; it is not a test.
 *
 *   npx tsx scripts/bench/search.ts [--queries 1000]
 */
import { readdir, readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { getViteConfig } from 'astro/config';
import { createServer } from 'vite';
import type { SearchDocuments } from '~/server/content/search-documents';
import { createSearchIndex } from '~/server/search/search';
import syncContent from '~tools/sync-content';
import { timings } from '~tools/bench-stats';

const { values } = parseArgs({ options: { queries: { type: 'string', default: '1000' } } });
const QUERIES = Number(values.queries);
const ROOT = process.cwd();

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

/** getSearchDocuments() on the real content, through Astro's Vite config (astro:content needs it). */
async function loadDocuments(): Promise<SearchDocuments> {
  syncContent(); // astro sync, and the data store where dev mode reads it
  const config = await getViteConfig({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'silent' })({
    mode: 'development',
    command: 'serve',
  });
  const server = await createServer(config);
  try {
    const module = (await server.ssrLoadModule('/src/server/content/search-documents.ts')) as {
      getSearchDocuments: () => Promise<SearchDocuments>;
    };
    return await module.getSearchDocuments();
  } finally {
    await server.close().catch(() => {});
  }
}

/** A deterministic pseudo-random sequence, so runs compare. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** What people type: whole words, prefixes while typing, one-letter typos, two-word phrases, known terms, misses. */
function representativeQueries(documents: SearchDocuments, count: number): Array<[kind: string, q: string]> {
  const words = [
    ...new Set(
      documents.places
        .map((place) => place.title)
        .join(' ')
        .toLowerCase()
        .match(/\p{L}{4,}/gu) ?? [],
    ),
  ];
  const next = random(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const typo = (word: string) => {
    const at = 1 + Math.floor(next() * (word.length - 2));
    return word.slice(0, at) + (word[at] === 'e' ? 'a' : 'e') + word.slice(at + 1);
  };
  const fixed = [
    'NNN',
    'cap rate',
    'Yardi',
    'budget',
    'Dana',
    'enterprise',
    'leese',
    'TI',
    'triple net',
    'too expensive',
    'Listora',
    'marketing',
  ];
  const queries: Array<[string, string]> = [];
  while (queries.length < count) {
    const word = pick(words);
    const roll = next();
    if (roll < 0.15) queries.push(['fixed', pick(fixed)]);
    else if (roll < 0.4) queries.push(['word', word]);
    else if (roll < 0.6) queries.push(['prefix', word.slice(0, 2 + Math.floor(next() * (word.length - 2)))]);
    else if (roll < 0.75) queries.push(['typo', typo(word)]);
    else if (roll < 0.92) queries.push(['two words', `${word} ${pick(words)}`]);
    else queries.push(['miss', `zq${word}xv`]);
  }
  return queries;
}

async function islandSize(): Promise<void> {
  const dir = path.join(ROOT, 'dist', '_astro');
  const built = (await readdir(dir).catch(() => [] as string[])).filter((name) => /^HeaderSearch.*\.js$/.test(name));
  if (built.length === 0) console.log('island (build):  no dist/_astro/HeaderSearch*.js — run `npm run build` for the real figure');
  for (const name of built) {
    const bytes = await readFile(path.join(dir, name));
    console.log(`island (build):  ${name} ${bytes.length} B, gzip ${gzipSync(bytes, { level: 9 }).length} B`);
  }
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [path.join(ROOT, 'src/islands/HeaderSearch.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    jsx: 'automatic',
    alias: { '~': path.join(ROOT, 'src') },
    external: ['react', 'react-dom', 'react/jsx-runtime', 'nanostores', '@nanostores/react'],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  console.log(
    `island (esbuild estimate, with its store, api client and toasts store): ${code.length} B, gzip ${gzipSync(code, { level: 9 }).length} B`,
  );
}

const loadStart = performance.now();
const documents = await loadDocuments();
const loadMs = performance.now() - loadStart;
const heapBefore = heapMb();
const buildStart = performance.now();
const index = createSearchIndex(documents);
const buildMs = performance.now() - buildStart;
const indexMb = heapMb() - heapBefore;
const byGroup = Map.groupBy(documents.places, (place) => place.group);
console.log(
  `documents: ${documents.places.length} places (${[...byGroup].map(([group, places]) => `${group} ${places.length}`).join(', ')}), ${documents.synonyms.length} synonym sets; loaded in ${loadMs.toFixed(0)} ms`,
);
console.log(`index build (once per process): ${buildMs.toFixed(1)} ms · target ≤ 1,000 ms`);
console.log(`index memory (heap held after a forced GC): ${indexMb.toFixed(2)} MB · target ≤ 20 MB`);

const queries = representativeQueries(documents, QUERIES);
for (const [, q] of queries.slice(0, 100)) index.query(q); // warm-up (JIT)
const samples: number[] = [];
const cpuSamples: number[] = [];
const byKind = new Map<string, number[]>();
let hits = 0;
for (const [kind, q] of queries) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = index.query(q);
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  samples.push(ms);
  cpuSamples.push((used.user + used.system) / 1000);
  byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
  if (Object.values(result).some((group) => group.length > 0)) hits += 1;
}
// On a shared machine the wall clock includes time the process waited for a core; CPU time does not, and
// the fastest of five runs of each query is its cost without that wait (GC pauses included in the others).
const bestOfFive = queries.map(([, q]) => {
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    index.query(q);
    best = Math.min(best, performance.now() - start);
  }
  return best;
});
console.log(`index memory after the queries (snippet word lists cut on first use): ${(heapMb() - heapBefore).toFixed(2)} MB`);
console.log(`queries (wall clock, one run each): ${timings(samples, 3)} · ${hits}/${queries.length} with results · target p95 ≤ 5 ms`);
console.log(`queries (CPU time, one run each):   ${timings(cpuSamples, 3)}`);
console.log(`queries (fastest of 5 runs each):   ${timings(bestOfFive, 3)}`);
for (const [kind, kindSamples] of byKind) console.log(`  ${kind.padEnd(10)} ${timings(kindSamples, 3)}`);
console.log(
  `(load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}: figures on a busy machine include scheduling noise)`,
);
await islandSize();
process.exit(0); // Astro's dev plugins may keep timers alive after the Vite server closed
