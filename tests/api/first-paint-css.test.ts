// The CSS a page's first paint waits for: every page carries the rules its elements need in one <style> in its
// <head>, allowed by its hash in the CSP, at most 8 KiB gzip, and links no stylesheet there; the site's
// stylesheet is named by a <noscript> (linked by browsers without JavaScript, and by the page script on first
// use); the first paint waits for the page's last element. That the page looks final with those rules alone is e2e/first-paint-styles.spec.ts. Runs after `npm run build`.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { allowStyleHash } from '~/lib/server/http/page-styles';
import { DEMO_ADMIN } from '~/lib/server/demo-accounts';
import { CACHED_STYLESHEET_COOKIE, stylesheetFileName } from '~/lib/stylesheet-cookie';
import { SIGNED_IN_PAGES } from '~tools/route-examples';
import { useTestApp } from './harness';

const KIB = 1024;
const FIRST_PAINT_CSS_BUDGET = 8 * KIB;

const t = useTestApp({ signInAs: DEMO_ADMIN });

const ROUTES: Array<[string, number, 'signed in' | 'signed out']> = [
  ...SIGNED_IN_PAGES.map(({ path: route }): [string, number, 'signed in'] => [route, 200, 'signed in']),
  ['/no-such-page', 404, 'signed in'],
  ['/auth', 200, 'signed out'],
];

describe.skipIf(process.env['API_BASE_URL'] !== undefined)('the CSS of the first paint', () => {
  it.each(ROUTES)('%s (%i, %s): its rules in the head within 8 KiB, the stylesheet after', async (route, status, who) => {
    const client = who === 'signed in' ? t.client : t.app.client();
    const response = await client.request('GET', route, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(status);
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const styles = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    expect(styles).toHaveLength(1);
    const css = styles[0]!;
    const size = gzipSync(css).length;
    console.log(`${route.padEnd(48)} ${(size / KIB).toFixed(1).padStart(5)} KiB gzip (${(css.length / KIB).toFixed(1)} KiB raw)`);
    expect(size).toBeLessThanOrEqual(FIRST_PAINT_CSS_BUDGET);

    // Allowed by its hash, and nothing else inline.
    const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    const styleSources = /(?:^|;)\s*style-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    expect(styleSources.split(/\s+/)).toContain(hash);
    expect(styleSources).not.toContain('unsafe-inline');

    // No stylesheet blocks the first paint; the <noscript> names the built one.
    const outsideNoscript = head.replace(/<noscript[\s\S]*?<\/noscript>/g, '');
    expect(outsideNoscript).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const noscript = /<noscript data-stylesheet="(\/_astro\/[\w.-]+\.css)"><link rel="stylesheet" href="([^"]+)"><\/noscript>/.exec(head);
    expect(noscript?.[1]).toBe(noscript?.[2]);
    expect(existsSync(path.join('dist', noscript![1]!))).toBe(true);

    // The first paint waits for the whole page to be parsed (one layout), and the element it waits for is there.
    expect(head).toContain('<link rel="expect" href="#page-end" blocking="render">');
    expect(html.slice(html.indexOf('</head>'))).toContain('<div id="page-end" hidden></div>');
  });

  it('a page keeps the rules of its own elements and leaves out those of others', async () => {
    const signIn = await (await t.app.client().request('GET', '/auth', { headers: { Accept: 'text/html' } })).text();
    const css = /<style>([\s\S]*?)<\/style>/.exec(signIn)![1]!;
    expect(signIn).toContain('class="btn');
    expect(css).toMatch(/(^|[},])\.btn[{,]/);
    // The team table is on no sign-in page, and nothing there hovers before someone moves the pointer.
    expect(signIn).not.toContain('class="table');
    expect(css).not.toMatch(/(^|[},])\.table[{,]/);
    expect(css).not.toContain(':hover');
  });

  it('a browser that has the stylesheet cached (its cookie names it) gets it linked, and no rules in the page', async () => {
    const client = t.app.client();
    await client.login(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const page = async () => (await client.request('GET', '/quizzes', { headers: { Accept: 'text/html' } })).text();
    const first = await page();
    const href = /<noscript data-stylesheet="([^"]+)">/.exec(first)![1]!;
    client.otherCookies.set(CACHED_STYLESHEET_COOKIE, stylesheetFileName(href));
    const cached = await page();
    const head = cached.slice(0, cached.indexOf('</head>'));
    expect(head).toContain(`<link rel="stylesheet" href="${href}">`);
    expect(head).not.toContain('<style>');
    expect(head).not.toContain('<noscript');
    // A name that is not the current stylesheet's (an older deploy's) changes nothing.
    for (const stale of ['BaseHtml.0ld0ld00.css', `${href}x`, '']) {
      client.otherCookies.set(CACHED_STYLESHEET_COOKIE, stale);
      expect(await page()).toContain(`<noscript data-stylesheet="${href}">`);
    }
  });

  it('over https the cookie is read under its __Host- name only, as every cookie of the site', async () => {
    const signIn = (cookie: string) =>
      t.app
        .request('GET', 'https://hub.parcelwise.example/auth', { headers: { Accept: 'text/html', Cookie: cookie } })
        .then((r) => r.text());
    const href = /<noscript data-stylesheet="([^"]+)">/.exec(await signIn(''))![1]!;
    const name = stylesheetFileName(href);
    expect(await signIn(`__Host-${CACHED_STYLESHEET_COOKIE}=${name}`)).toContain(`<link rel="stylesheet" href="${href}">`);
    expect(await signIn(`${CACHED_STYLESHEET_COOKIE}=${name}`)).toContain(`<noscript data-stylesheet="${href}">`);
  });

  it('an API answer is left as it was', async () => {
    const response = await t.client.request('GET', '/api/search?q=broker');
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-security-policy') ?? '').not.toContain('sha256');
  });
});

describe('allowStyleHash', () => {
  it('adds the hash to the policy’s style-src, or adds a style-src with it', () => {
    expect(allowStyleHash("default-src 'self'; style-src 'self' 'sha256-a'; img-src 'self'", 'sha256-b')).toBe(
      "default-src 'self'; style-src 'sha256-b' 'self' 'sha256-a'; img-src 'self'",
    );
    expect(allowStyleHash("style-src 'self'", 'sha256-b')).toBe("style-src 'sha256-b' 'self'");
    expect(allowStyleHash("default-src 'self';", 'sha256-b')).toBe("default-src 'self'; style-src 'self' 'sha256-b'");
    // style-src-attr is another directive.
    expect(allowStyleHash("style-src-attr 'none'", 'sha256-b')).toBe("style-src-attr 'none'; style-src 'self' 'sha256-b'");
  });
});
