/**
 * What every benchmark needs: percentiles, a one-line summary of timings, a pool of concurrent workers,
 * and writing a figure table into docs/benchmarks.md between its `<!-- name -->` markers.
 */
import { readFile, writeFile } from 'node:fs/promises';

/** The q-quantile (0–1) of the samples, nearest rank; NaN for none. */
export function percentile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

/** "median 1.2 ms · p95 3.4 ms · max 5.6 ms (n=50)". */
export function timings(samples: readonly number[], digits = 1): string {
  const at = (q: number) => percentile(samples, q).toFixed(digits);
  return `median ${at(0.5)} ms · p95 ${at(0.95)} ms · max ${at(1)} ms (n=${samples.length})`;
}

/** Runs `task` over the items with at most `limit` at once; the answers in the items' order. */
export async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!);
      }
    }),
  );
  return results;
}

/** Replaces what stands between `<!-- name -->` and `<!-- /name -->` in a Markdown file (appends both if absent). */
export async function writeSection(file: string, name: string, markdown: string): Promise<void> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const open = `<!-- ${name} -->`;
  const close = `<!-- /${name} -->`;
  const block = `${open}\n${markdown.trim()}\n${close}`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  const next =
    start >= 0 && end > start ? text.slice(0, start) + block + text.slice(end + close.length) : `${text.trimEnd()}\n\n${block}\n`;
  await writeFile(file, next);
}
