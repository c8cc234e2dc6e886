// JS size budget per route (issue 8): what a signed-in browser downloads for a page — every module
// script and island the HTML references, followed through their static and dynamic imports — gzipped.
// Content pages: at most 76 KiB (was 75; the header search split into small parts costs ~0.1 KiB until it
// stops loading on reading pages); interactive pages: at most 95 KiB. Runs after `npm run build`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '~/lib/server/demo-accounts';
import { useTestApp } from './harness';

const KIB = 1024;
export const CONTENT_BUDGET = 76 * KIB;
export const INTERACTIVE_BUDGET = 95 * KIB;

const ROUTES: Array<[string, number]> = [
  ['/company-overview', CONTENT_BUDGET],
  ['/industry-knowledge', CONTENT_BUDGET],
  ['/buyer-segments', CONTENT_BUDGET],
  ['/buyer-segments/8', CONTENT_BUDGET],
  ['/ideal-customer-profile', CONTENT_BUDGET],
  ['/product', CONTENT_BUDGET],
  ['/resources', CONTENT_BUDGET],
  ['/personas/1', CONTENT_BUDGET],
  ['/modules/1', CONTENT_BUDGET],
  ['/search?q=NNN', CONTENT_BUDGET],
  ['/', INTERACTIVE_BUDGET],
  ['/quizzes', INTERACTIVE_BUDGET],
  ['/quizzes/1', INTERACTIVE_BUDGET],
  ['/review', INTERACTIVE_BUDGET],
  ['/sales-situations', INTERACTIVE_BUDGET],
  ['/team-progress', INTERACTIVE_BUDGET],
];

const DIST = path.resolve('dist');
const IMPORT_PATTERN = /(?:from\s*|import\s*\(?\s*)["']([^"']+\.js)["']/g;

/** Every /_astro/*.js URL the HTML loads or may hydrate. */
export function scriptsOfPage(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+\.js)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)) {
    for (const inner of match[1]!.matchAll(IMPORT_PATTERN)) urls.add(inner[1]!);
  }
  return [...urls].filter((url) => url.startsWith('/_astro/'));
}

/** The URLs plus everything they import, transitively, as files in dist/. */
export function moduleGraph(entryUrls: string[]): string[] {
  const seen = new Set<string>();
  const queue = entryUrls.map((url) => path.join(DIST, url));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(IMPORT_PATTERN)) {
      const target = match[1]!.startsWith('/') ? path.join(DIST, match[1]!) : path.resolve(path.dirname(file), match[1]!);
      queue.push(target);
    }
  }
  return [...seen];
}

export const gzipSize = (files: string[]) => files.reduce((total, file) => total + gzipSync(readFileSync(file)).length, 0);

const t = useTestApp({ signInAs: DEMO_ADMIN });

describe.skipIf(process.env['API_BASE_URL'] !== undefined)('JS budget per route (gzip)', () => {
  it.each(ROUTES)('%s stays within its budget', async (route, budget) => {
    const response = await t.client.request('GET', route, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    const files = moduleGraph(scriptsOfPage(await response.text()));
    const size = gzipSize(files);
    console.log(
      `${route.padEnd(26)} ${(size / KIB).toFixed(1).padStart(6)} KiB gzip in ${files.length} files (budget ${budget / KIB} KiB)`,
    );
    expect(size).toBeLessThanOrEqual(budget);
  });
});
