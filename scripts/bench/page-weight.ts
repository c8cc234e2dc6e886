/**
 * What a page costs to load, counted in a real browser on its first view (cache off), for ./pages.ts and
 * ./lighthouse.ts: requests; JavaScript, CSS and HTML bytes (raw and gzip); the JavaScript the page runs and
 * what the header search prefetches at idle beyond it; the CSS that blocks the first paint (stylesheets linked
 * for the screen in the <head> as served, outside <noscript>, and its <style> elements); and the page's element
 * count. Figures only.
 */
import type { Page, Response } from '@playwright/test';
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  requests: number;
  raw: Record<Kind, number>;
  gzip: Record<Kind, number>;
  /** Gzip bytes of the island modules the header search prefetches at idle, less those the page already ran. */
  prefetchGzip: number;
  /** Gzip bytes of the CSS the browser must have before it paints anything. */
  cssBlockingGzip: number;
  elements: number;
}

type Kind = 'js' | 'css' | 'html' | 'other';

function kind(contentType: string): Kind {
  if (contentType.includes('javascript')) return 'js';
  if (contentType.includes('css')) return 'css';
  if (contentType.includes('html')) return 'html';
  return 'other';
}

/** Opens `url` in `page` and counts its first view; leaves the page open (for the caller's own figures). */
export async function measurePageWeight(page: Page, url: string): Promise<PageWeight> {
  const weight: PageWeight = {
    requests: 0,
    raw: { js: 0, css: 0, html: 0, other: 0 },
    gzip: { js: 0, css: 0, html: 0, other: 0 },
    prefetchGzip: 0,
    cssBlockingGzip: 0,
    elements: 0,
  };
  const pending: Array<Promise<void>> = [];
  const ran = new Set<string>();
  const prefetched = new Map<string, number>();
  const cssGzip = new Map<string, number>();
  let served = '';
  const onResponse = (response: Response) => {
    // What the page loads, not what it sends: a visit beacon's answer may never hand over a body (it is
    // dropped when the page closes), and waiting for it hung the benchmark.
    if (response.request().method() !== 'GET') return;
    pending.push(
      response
        .body()
        .then((body) => {
          const type = kind(response.headers()['content-type'] ?? '');
          const fetched = response.request().resourceType() === 'fetch' && new URL(response.url()).pathname.startsWith('/_astro/');
          if (fetched && type === 'js') {
            prefetched.set(response.url(), gzipSync(body).length); // fetched as text at idle, not run
            return;
          }
          if (response.request().isNavigationRequest()) served = body.toString('utf8');
          if (type === 'js') ran.add(response.url());
          if (type === 'css') cssGzip.set(response.url(), gzipSync(body).length);
          weight.requests += 1;
          weight.raw[type] += body.length;
          weight.gzip[type] += gzipSync(body).length;
        })
        .catch(() => undefined),
    );
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1500); // let idle islands hydrate and late long tasks land
  await Promise.all(pending);
  page.off('response', onResponse);
  // The cache is off here; in a browser, a module the page already ran comes from its cache.
  for (const [moduleUrl, bytes] of prefetched) if (!ran.has(moduleUrl)) weight.prefetchGzip += bytes;
  // What blocks the first paint is in the <head> as served (a script may link a stylesheet later; a <noscript>
  // one counts only without JavaScript).
  const head = await page.evaluate((html) => {
    // No named helper in here: the bench's compiler would wrap it in a function the page lacks.
    const servedHead = [...new DOMParser().parseFromString(html, 'text/html').head.querySelectorAll('link, style')].filter(
      (element) => !element.closest('noscript'),
    );
    return {
      stylesheets: servedHead
        .filter((element): element is HTMLLinkElement => element instanceof HTMLLinkElement && element.relList.contains('stylesheet'))
        .filter((link) => !link.hasAttribute('disabled') && matchMedia(link.media || 'all').matches)
        .map((link) => new URL(link.getAttribute('href') ?? '', location.href).href),
      inlineStyles: servedHead.filter((element) => element.tagName === 'STYLE').map((style) => style.textContent ?? ''),
      inlineScripts: [...document.querySelectorAll('script:not([src])')]
        .filter((script) => ['', 'module', 'text/javascript'].includes(script.getAttribute('type') ?? ''))
        .map((script) => script.textContent ?? ''),
      elements: document.getElementsByTagName('*').length,
    };
  }, served);
  weight.elements = head.elements;
  // Scripts written into the page run on first view too (Astro inlines small ones and its island runtime).
  const inlineJs = head.inlineScripts.join('\n');
  if (inlineJs) weight.gzip.js += gzipSync(inlineJs).length;
  weight.raw.js += inlineJs.length;
  for (const href of head.stylesheets) weight.cssBlockingGzip += cssGzip.get(href) ?? 0;
  for (const text of head.inlineStyles) weight.cssBlockingGzip += gzipSync(text).length;
  return weight;
}
