/**
 * Page weight and load benchmark (docs/decisions.md "Page speed"). Against a running production build (default
 * http://127.0.0.1:8888, see `npm run bench`), signed in as the demo administrator, in Debian's
 * Chromium with Lighthouse-like mobile conditions (4× CPU slowdown, 1.6 Mbps / 150 ms RTT, 412×823):
 * per route the requests, JS / CSS / HTML bytes (raw and gzip; JS is what the page runs), the CSS that blocks
 * the first paint (gzip), the element count, FCP, LCP, TBT (sum of long-task time over 50 ms), CLS, and what the
 * header search prefetches at idle beyond it (./page-weight.ts); then the first search on a reading page and INP for the search box, a quiz option and
 * Mark Complete (./interactions.ts). It prints figures; it asserts nothing.
 */
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { chromium, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { SIGNED_IN_PAGES } from '~tools/route-examples';
import { measureInteractions, MOBILE, throttle } from './interactions';
import { measurePageWeight, type PageWeight } from './page-weight';

const BASE = process.env['BENCH_BASE_URL'] ?? 'http://127.0.0.1:8888';
const ROUTES = SIGNED_IN_PAGES.map((page) => page.path);

async function measure(page: Page, route: string): Promise<{ weight: PageWeight; metrics: Record<string, number> }> {
  const weight = await measurePageWeight(page, `${BASE}${route}`);
  const metrics = await page.evaluate(() => (window as unknown as { __bench: Record<string, number> }).__bench);
  return { weight, metrics };
}

const OBSERVERS = `
  window.__bench = { fcp: 0, lcp: 0, tbt: 0, cls: 0 };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__bench.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__bench.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__bench.tbt += Math.max(0, e.duration - 50); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__bench.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
`;

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext(MOBILE);
  const login = await context.request.post(`${BASE}/api/login`, {
    data: { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password },
    headers: { Origin: new URL(BASE).origin },
  });
  if (!login.ok()) throw new Error(`Sign-in failed: ${login.status()}`);
  await context.addInitScript(OBSERVERS);

  console.log(
    'route                      req  JS raw/gzip KiB  CSS raw/gzip  CSS blocking gzip  HTML raw/gzip  elements   FCP ms  LCP ms  TBT ms    CLS  idle prefetch gzip',
  );
  for (const route of ROUTES) {
    const page = await context.newPage();
    await throttle(context, page, true);
    const { weight, metrics } = await measure(page, route);
    console.log(
      `${route.padEnd(26)} ${String(weight.requests).padStart(3)}  ${`${kib(weight.raw.js)}/${kib(weight.gzip.js)}`.padStart(14)}  ${`${kib(weight.raw.css)}/${kib(weight.gzip.css)}`.padStart(12)}  ${kib(weight.cssBlockingGzip).padStart(17)}  ${`${kib(weight.raw.html)}/${kib(weight.gzip.html)}`.padStart(13)}  ${String(weight.elements).padStart(8)}  ${metrics['fcp']!.toFixed(0).padStart(6)}  ${metrics['lcp']!.toFixed(0).padStart(6)}  ${metrics['tbt']!.toFixed(0).padStart(6)}  ${metrics['cls']!.toFixed(3)}  ${kib(weight.prefetchGzip).padStart(6)}`,
    );
    await page.close();
  }
  // Mark Complete needs lessons left to complete: a brand-new learner.
  const learner = await browser.newContext(MOBILE);
  const registered = await learner.request.post(`${BASE}/api/register`, {
    data: { username: `bench-${randomUUID().slice(0, 8)}@parcelwise.example`, password: 'correct-horse-battery', name: 'Bench Learner' },
    headers: { Origin: new URL(BASE).origin },
  });
  if (!registered.ok()) throw new Error(`Registration failed: ${registered.status()}`);
  console.log();
  await measureInteractions(context, learner, BASE);
  await browser.close();
}

await main();
