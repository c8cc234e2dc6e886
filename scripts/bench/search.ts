/**
 * Benchmark of the header search, in process (docs/decisions.md: never through the emulators). Loads the search
 * documents straight from content/ (the same fields src/lib/content/search-documents.ts reads from
 * the collections: astro:content does not run outside Astro), builds the index with the real service
 * (src/lib/server/services/search.ts), then prints:
 * - the index build time (it happens once per process, on the first search);
 * - the median and p95 time of 1,000 representative queries (words, prefixes, typos, phrases,
 *   misses); target p95 under 5 ms;
 * - the gzip size of the search island's own JS, from dist/_astro/HeaderSearch*.js when a build exists,
 *   plus an esbuild estimate of the island and its store (react and nanostores excluded: shared chunks).
 * It prints figures; it is not a test.
 *
 *   npx tsx scripts/bench/search.ts [--queries 1000]
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { parse as parseYaml } from 'yaml';
import type { SearchDocuments } from '~/lib/content/search-documents';
import { createSearchIndex } from '~/lib/server/services/search';

const { values } = parseArgs({ options: { queries: { type: 'string', default: '1000' } } });
const QUERIES = Number(values.queries);
const ROOT = process.cwd();
const CONTENT = path.join(ROOT, 'content');

type Data = Record<string, unknown>;

async function filesUnder(dir: string, pattern: RegExp): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

async function yamlFiles(dir: string): Promise<Data[]> {
  const files = await filesUnder(path.join(CONTENT, dir), /\.ya?ml$/);
  return Promise.all(files.map(async (file) => parseYaml(await readFile(file, 'utf8')) as Data));
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---/;

async function frontmatters(dir: string): Promise<Data[]> {
  const files = await filesUnder(path.join(CONTENT, dir), /\.mdx?$/);
  return Promise.all(
    files.map(async (file) => {
      const match = FRONTMATTER.exec(await readFile(file, 'utf8'));
      return (match?.[1] ? parseYaml(match[1]) : {}) as Data;
    }),
  );
}

const num = (value: unknown) => Number(value);
const str = (value: unknown) => String(value ?? '');
const strs = (value: unknown) => (Array.isArray(value) ? value.map(str) : []);
const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/** The documents getSearchDocuments() builds, read from disk. */
async function loadDocuments(): Promise<SearchDocuments> {
  const [modules, lessons, segments, personas, quizzes] = await Promise.all([
    frontmatters('modules'),
    frontmatters('lessons'),
    yamlFiles('segments'),
    yamlFiles('personas'),
    yamlFiles('quizzes'),
  ]);
  const orderedLessons = lessons.toSorted((a, b) => num(a['order']) - num(b['order']) || num(a['id']) - num(b['id']));
  const names = new Set<string>();
  return {
    modules: modules
      .toSorted((a, b) => num(a['order']) - num(b['order']) || num(a['id']) - num(b['id']))
      .map((m) => ({
        id: num(m['id']),
        title: str(m['title']),
        description: str(m['description']),
        lessonTitles: orderedLessons.filter((lesson) => num(lesson['moduleId']) === num(m['id'])).map((lesson) => str(lesson['title'])),
      })),
    segments: segments
      .map((s) => ({ id: num(s['id']), name: str(s['name']), description: str(s['description']), talkingPoints: strs(s['talkingPoints']) }))
      .sort(byId)
      .filter((s) => !names.has(s.name.toLowerCase()) && Boolean(names.add(s.name.toLowerCase()))),
    personas: personas
      .map((p) => ({
        id: num(p['id']),
        name: str(p['name']),
        title: str(p['title']),
        background: str(p['background']),
        goals: strs(p['goals']),
      }))
      .sort(byId),
    quizzes: quizzes
      .map((q) => ({
        id: num(q['id']),
        title: str(q['title']),
        description: str(q['description']),
        questionTexts: (Array.isArray(q['questions']) ? (q['questions'] as Data[]) : []).map((question) => str(question['text'])),
      }))
      .sort(byId),
  };
}

/** A deterministic pseudo-random sequence, so runs compare. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** What people type: whole words, prefixes while typing, one-letter typos, two-word phrases, misses. */
function representativeQueries(documents: SearchDocuments, count: number): Array<[kind: string, q: string]> {
  const titles = [
    ...documents.modules.map((m) => m.title),
    ...documents.segments.map((s) => s.name),
    ...documents.personas.flatMap((p) => [p.name, p.title]),
    ...documents.quizzes.map((q) => q.title),
    ...documents.modules.flatMap((m) => m.lessonTitles),
  ];
  const words = [
    ...new Set(
      titles
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
    'demo',
    'leese',
    'lease types',
    'cap rate',
    'noi',
    'marketing',
    'broker',
    'property websites',
    'salesforce',
    'champion',
    'icp tier',
    'flyer',
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

function stats(samples: number[]): string {
  const sorted = samples.toSorted((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return `median ${at(0.5).toFixed(3)} ms · p95 ${at(0.95).toFixed(3)} ms · max ${sorted.at(-1)!.toFixed(3)} ms (n=${sorted.length})`;
}

async function islandSize(): Promise<void> {
  const dir = path.join(ROOT, 'dist', '_astro');
  const built = (await readdir(dir).catch(() => [] as string[])).filter((name) => /^HeaderSearch.*\.js$/.test(name));
  if (built.length === 0) console.log('island (build):  no dist/_astro/HeaderSearch*.js — run `npm run build` for the real figure');
  for (const name of built) {
    const bytes = await readFile(path.join(dir, name));
    console.log(`island (build):  ${name} ${bytes.length} B, gzip ${gzipSync(bytes, { level: 9 }).length} B`);
  }
  try {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
      entryPoints: [path.join(ROOT, 'src/islands/HeaderSearch.tsx')],
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      jsx: 'automatic',
      external: ['react', 'react-dom', 'react/jsx-runtime', 'nanostores', '@nanostores/react'],
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    console.log(
      `island (esbuild estimate, with its store, api client and toasts store; react/nanostores excluded): ${code.length} B, gzip ${gzipSync(code, { level: 9 }).length} B`,
    );
  } catch (error) {
    console.log(`island (esbuild estimate): unavailable (${String(error)})`);
  }
}

const loadStart = performance.now();
const documents = await loadDocuments();
const loadMs = performance.now() - loadStart;
const buildStart = performance.now();
const index = createSearchIndex(documents);
const buildMs = performance.now() - buildStart;
console.log(
  `documents: ${documents.modules.length} modules, ${documents.segments.length} segments, ${documents.personas.length} personas, ${documents.quizzes.length} quizzes (${index.size} indexed; read in ${loadMs.toFixed(1)} ms)`,
);
console.log(`index build (once per process): ${buildMs.toFixed(2)} ms`);

const queries = representativeQueries(documents, QUERIES);
for (const [, q] of queries.slice(0, 100)) index.query(q); // warm-up (JIT)
const samples: number[] = [];
const byKind = new Map<string, number[]>();
let hits = 0;
for (const [kind, q] of queries) {
  const start = performance.now();
  const result = index.query(q);
  const ms = performance.now() - start;
  samples.push(ms);
  byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
  if (result.modules.length + result.segments.length + result.personas.length + result.quizzes.length > 0) hits += 1;
}
console.log(`queries: ${stats(samples)} · ${hits}/${queries.length} with results · target p95 < 5 ms`);
for (const [kind, kindSamples] of byKind) console.log(`  ${kind.padEnd(10)} ${stats(kindSamples)}`);
console.log(
  `(load average ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}: figures on a busy machine include scheduling noise)`,
);
await islandSize();
