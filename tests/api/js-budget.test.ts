// JS size budget per route: what a browser downloads for a page on first view — every module script
// and island the HTML references that runs without being used, followed through their static and
// dynamic imports — gzipped. Islands that hydrate on interaction (`client:interaction`: the header search,
// the daily challenge card, the quiz, the coach, the sign-in form) load nothing until someone uses them;
// they are measured apart, as what the first use adds. Runs after `npm run build`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { SIGNED_IN_PAGES } from '~tools/route-examples';
import { useTestApp, type ApiClient } from './harness';

const KIB = 1024;
/** Every page carries no React on first view. */
const FIRST_VIEW_BUDGET = 20 * KIB;
/**
 * A page once used: its islands' React loaded on top of the first view, inline scripts counted (Astro's island runtime
 * among them). The largest is /auth: the sign-in form validates with the shared zod schemas.
 */
const INTERACTIVE_BUDGET = 100 * KIB;

/** Every signed-in page, and the sign-in page signed out. */
const ROUTES: Array<[string, number, 'signed in' | 'signed out']> = [
  ...SIGNED_IN_PAGES.map(({ path }): [string, number, 'signed in'] => [path, FIRST_VIEW_BUDGET, 'signed in']),
  ['/auth', FIRST_VIEW_BUDGET, 'signed out'],
];

const DIST = path.resolve('dist');
const IMPORT_PATTERN = /(?:from\s*|import\s*\(?\s*)["']([^"']+\.js)["']/g;

const ISLAND_URLS = /(?:component-url|renderer-url|before-hydration-url)="([^"]+\.js)"/g;

/**
 * Every /_astro/*.js URL the HTML loads: its scripts and the islands that hydrate by themselves
 * (`firstView`); or the URLs of the islands that wait for an interaction (`onInteraction`).
 */
export function scriptsOfPage(html: string, which: 'firstView' | 'onInteraction' = 'firstView'): string[] {
  const urls = new Set<string>();
  for (const [island] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (island.includes('client="interaction"') !== (which === 'onInteraction')) continue;
    for (const match of island.matchAll(ISLAND_URLS)) urls.add(match[1]!);
  }
  if (which === 'firstView') {
    for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(match[1]!);
    for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) urls.add(match[1]!);
    for (const match of html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)) {
      for (const inner of match[1]!.matchAll(IMPORT_PATTERN)) urls.add(inner[1]!);
    }
  }
  return [...urls].filter((url) => url.startsWith('/_astro/'));
}

/** The text of every script written into the page itself (not data blocks such as JSON). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
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

async function pageHtml(route: string, who: 'signed in' | 'signed out'): Promise<string> {
  const client: ApiClient = who === 'signed in' ? t.client : t.app.client();
  const response = await client.request('GET', route, { headers: { Accept: 'text/html' } });
  expect(response.status).toBe(200);
  return response.text();
}

/** React's client renderer (react-dom) is among these files. */
const hasReactDom = (files: string[]) => files.some((file) => readFileSync(file, 'utf8').includes('hydrateRoot'));

describe.skipIf(process.env['API_BASE_URL'] !== undefined)('JS budget per route (gzip)', () => {
  it.each(ROUTES)('%s stays within its budget (%i bytes, %s)', async (route, budget, who) => {
    const html = await pageHtml(route, who);
    const files = moduleGraph(scriptsOfPage(html));
    // Scripts inlined into the page count too: the small page scripts Astro inlines and its island runtime.
    const inline = inlineScripts(html).join('\n');
    const size = gzipSize(files) + (inline ? gzipSync(inline).length : 0);
    // What the first use of the page's islands adds (the files the page has not loaded yet).
    const later = moduleGraph(scriptsOfPage(html, 'onInteraction')).filter((file) => !files.includes(file));
    console.log(
      `${route.padEnd(26)} ${(size / KIB).toFixed(1).padStart(6)} KiB gzip in ${files.length} files (budget ${budget / KIB} KiB); ` +
        `first use adds ${(gzipSize(later) / KIB).toFixed(1)} KiB`,
    );
    expect(size).toBeLessThanOrEqual(budget);
    // Nothing but the page before the first paint: every page script is written into the page
    // (docs/decisions.md "Page scripts in the page"), so a script file here means one started sharing a module.
    expect(files.map((file) => path.basename(file))).toEqual([]);
    // Once used, a page is still within the interactive budget.
    expect(size + gzipSize(later)).toBeLessThanOrEqual(INTERACTIVE_BUDGET);
  });

  it.each([
    ['/company-overview', 'HeaderSearch', 'signed in'],
    ['/', 'DailyChallengeCard', 'signed in'],
    ['/quizzes/1', 'QuizRunner', 'signed in'],
    ['/sales-situations', 'SalesCoach', 'signed in'],
    ['/auth', 'SignInForm', 'signed out'],
  ] as const)('%s keeps React off the page until %s is used', async (route, island, who) => {
    const html = await pageHtml(route, who);
    const tag = [...html.matchAll(/<astro-island\b[^>]*>/g)].map(([match]) => match).find((match) => match.includes(`/${island}.`));
    expect(tag, `${island} is on ${route}`).toBeDefined();
    expect(tag).toContain('client="interaction"');
    // Rendered on the server as it will look once hydrated.
    expect(tag).toContain(' ssr');
    // React is among what the first use loads, and nowhere in the first view.
    expect(hasReactDom(moduleGraph(scriptsOfPage(html, 'onInteraction')))).toBe(true);
    expect(hasReactDom(moduleGraph(scriptsOfPage(html)))).toBe(false);
  });
});
