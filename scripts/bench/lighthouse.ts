/**
 * Mobile Lighthouse on every route, signed in as the demo administrator, against a running
 * production build (default http://127.0.0.1:8888; `npm run bench` starts one). Lighthouse's defaults:
 * mobile form factor, simulated throttling (4× CPU, 1.6 Mbps, 150 ms RTT). Prints per route what the page loads on
 * first view (./page-weight.ts: JavaScript run and prefetched, CSS blocking the first paint, HTML gzip and elements),
 * the performance, accessibility and best-practices scores with FCP, LCP, TBT and CLS (medians), and beside them LCP and
 * TBT of the same page's JS-free snapshot: the same Lighthouse run on the page with its scripts taken out (inline ones
 * and script files alike, ./script-free-proxy.ts), so the HTML, CSS and their layout are the page's own (`--js-free N` runs it N times,
 * as many as `--runs` unless given; 0 skips it).
 * Figures only.
 *
 * Lighthouse is large (≈ 180 MB installed), so it is not a dependency: this runs the pinned version
 * with `npx --yes` (fetched once into npm's cache) and Debian's Chromium (CHROME_PATH).
 *
 *   BENCH_BASE_URL=http://127.0.0.1:8888 npx tsx scripts/bench/lighthouse.ts [--runs 1] [--js-free N] [--keep dir] [/route …]
 *   (--keep: save every run's full JSON report there, to see what an audit points at)
 */
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { chromium } from '@playwright/test';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { SIGNED_IN_PAGES } from '~tools/route-examples';
import { MOBILE } from './interactions';
import { measurePageWeight, type PageWeight } from './page-weight';
import { startScriptFreeProxy } from './script-free-proxy';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const BASE = process.env['BENCH_BASE_URL'] ?? 'http://127.0.0.1:8888';
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, 'js-free': { type: 'string' }, keep: { type: 'string' } },
  allowPositionals: true,
});
const RUNS = Number(values.runs);
/** Runs of each page's JS-free snapshot: as many as the page's own unless given (0 skips them). */
const JS_FREE_RUNS = values['js-free'] === undefined ? RUNS : Number(values['js-free']);
const ROUTES: readonly string[] = positionals.length > 0 ? positionals : ['/auth', ...SIGNED_IN_PAGES.map((page) => page.path)];

interface Result {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  failing: string[];
}

async function signInCookie(): Promise<string> {
  const response = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: new URL(BASE).origin },
    body: JSON.stringify({ username: DEMO_ADMIN.username, password: DEMO_ADMIN.password }),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} (is the built site running at ${BASE}?)`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function lighthouse(route: string, cookie: string | null, directory: string, jsFree: boolean): Promise<Result> {
  const output = path.join(directory, 'report.json');
  // JS-free: the page comes through the proxy that takes its scripts out.
  const origin = jsFree ? scriptFree!.origin : BASE;
  const args = ['--yes', LIGHTHOUSE, `${origin}${route}`, '--quiet', '--output=json', `--output-path=${output}`];
  args.push('--only-categories=performance,accessibility,best-practices', `--chrome-flags=${CHROME_FLAGS}`);
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  const env = { ...process.env, CHROME_PATH: process.env['CHROME_PATH'] ?? '/usr/bin/chromium' };
  // Lighthouse now and then fails to record a trace (NO_NAVSTART): try that run again, twice at most.
  for (let attempt = 1; ; attempt++) {
    try {
      await promisify(execFile)('npx', args, { env, maxBuffer: 64 * 1024 * 1024 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`  (${route}: Lighthouse failed, trying again)`);
    }
  }
  const report = JSON.parse(await readFile(output, 'utf8')) as {
    finalDisplayedUrl: string;
    categories: Record<string, { score: number; auditRefs: Array<{ id: string; weight: number }> }>;
    audits: Record<string, { numericValue?: number; score: number | null; scoreDisplayMode: string }>;
  };
  if (values.keep) {
    await mkdir(values.keep, { recursive: true });
    const name = `${route.replace(/\W+/g, '_') || 'root'}${jsFree ? '.js-free' : ''}.${Date.now()}.json`;
    await copyFile(output, path.join(values.keep, name));
  }
  const landed = new URL(report.finalDisplayedUrl);
  if (`${landed.pathname}${landed.search}` !== route) throw new Error(`${route} ended at ${report.finalDisplayedUrl}: not signed in?`);
  const failing = ['accessibility', 'best-practices'].flatMap((category) =>
    report.categories[category]!.auditRefs.filter(
      (ref) => ref.weight > 0 && report.audits[ref.id]?.scoreDisplayMode === 'binary' && report.audits[ref.id]?.score === 0,
    ).map((ref) => ref.id),
  );
  const score = (category: string) => Math.round(report.categories[category]!.score * 100);
  const value = (audit: string) => report.audits[audit]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcp: value('first-contentful-paint'),
    failing,
  };
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(0));

/** Each route's first view in a real browser (cache off), signed in as Lighthouse is. */
async function pageWeights(cookie: string): Promise<Map<string, PageWeight>> {
  const browser = await chromium.launch({
    executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox'],
  });
  const weights = new Map<string, PageWeight>();
  try {
    for (const route of ROUTES) {
      const context = await browser.newContext(MOBILE);
      if (route !== '/auth') {
        const url = new URL(BASE);
        await context.addCookies(
          cookie.split('; ').map((pair) => {
            const [name, ...value] = pair.split('=');
            return { name: name!, value: value.join('='), domain: url.hostname, path: '/' };
          }),
        );
      }
      const page = await context.newPage();
      weights.set(route, await measurePageWeight(page, `${BASE}${route}`));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

let scriptFree: Awaited<ReturnType<typeof startScriptFreeProxy>> | null = null;

async function main(): Promise<void> {
  const cookie = await signInCookie();
  scriptFree = await startScriptFreeProxy(BASE);
  const weights = await pageWeights(cookie);
  const directory = await mkdtemp(path.join(tmpdir(), 'lighthouse-'));
  try {
    console.log(
      `Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile defaults, median of ${RUNS} run(s) per route and of ${JS_FREE_RUNS} per JS-free snapshot`,
    );
    console.log('KiB gzip: JS run on first view, JS prefetched at idle, CSS blocking the first paint, HTML; JS-free: every script off');
    console.log(
      'route                       JS run  prefetch  CSS blk   HTML  elements  perf  a11y  best  FCP ms  LCP ms  TBT ms    CLS  JS-free LCP  TBT  ΔLCP  failing audits  (TBT of each run)',
    );
    for (const route of ROUTES) {
      const as = route === '/auth' ? null : cookie;
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(route, as, directory, false));
      const jsFree: Result[] = [];
      for (let i = 0; i < JS_FREE_RUNS; i++) jsFree.push(await lighthouse(route, as, directory, true));
      const pick = (results: Result[], key: keyof Omit<Result, 'failing'>) =>
        results.length === 0 ? NaN : median(results.map((run) => run[key]));
      const failing = [...new Set(runs.flatMap((run) => run.failing))].join(', ') || '-';
      const weight = weights.get(route)!;
      const lcp = pick(runs, 'lcp');
      const freeLcp = pick(jsFree, 'lcp');
      console.log(
        [
          route.padEnd(26),
          kib(weight.gzip.js).padStart(6),
          kib(weight.prefetchGzip).padStart(8),
          kib(weight.cssBlockingGzip).padStart(7),
          kib(weight.gzip.html).padStart(6),
          String(weight.elements).padStart(8),
          String(pick(runs, 'performance')).padStart(4),
          String(pick(runs, 'accessibility')).padStart(4),
          String(pick(runs, 'bestPractices')).padStart(4),
          ms(pick(runs, 'fcp')).padStart(6),
          ms(lcp).padStart(6),
          ms(pick(runs, 'tbt')).padStart(6),
          pick(runs, 'cls').toFixed(3),
          ms(freeLcp).padStart(11),
          ms(pick(jsFree, 'tbt')).padStart(4),
          ms(lcp - freeLcp).padStart(5),
          ` ${failing}  (${runs.map((run) => run.tbt.toFixed(0)).join(', ')})`,
        ].join(' '),
      );
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
    await scriptFree.close();
  }
}

await main();
