/**
 * A page's first paint waits for no stylesheet request: the rules the page needs (./critical-css.ts) are written
 * into its <head>, allowed by their hash in the page's CSP, and the site's stylesheet (which the layout
 * links) moves into a <noscript>, which links it for browsers without JavaScript and from which
 * src/page-scripts/stylesheet.ts links it on first use. A browser that has the stylesheet cached (its cookie,
 * ~/lib/stylesheet-cookie) gets the page as Astro wrote it. Built pages only: the dev server serves its styles itself.
 */
import { createHash } from 'node:crypto';
import stylesheet from '~/styles/global.css?inline';
import { criticalCss, indexStylesheet, pageTokens, type StylesheetIndex } from './critical-css';
import { stylesheetFileName } from '~/lib/stylesheet-cookie';

/** The layout's stylesheet, as Astro links it in a built page. */
const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_astro\/[\w.-]+\.css)">/g;

let index: StylesheetIndex | null = null;

/** The critical rules in a <style>, and the site's stylesheet in a <noscript> the page script loads from. */
function deferredStyles(html: string, href: string): { head: string; css: string } | null {
  index ??= indexStylesheet(stylesheet);
  const css = criticalCss(index, pageTokens(html));
  if (css.includes('</')) return null; // never the case for our stylesheet; the link then stays as it was
  return { css, head: `<style>${css}</style><noscript data-stylesheet="${href}"><link rel="stylesheet" href="${href}"></noscript>` };
}

/** The policy with `hash` allowed for styles (`style-src` added when the policy has none). */
export function allowStyleHash(policy: string, hash: string): string {
  const source = `'${hash}'`;
  if (/(^|;)\s*style-src\s/.test(policy)) return policy.replace(/(^|;)(\s*)style-src\s/, `$1$2style-src ${source} `);
  return `${policy.replace(/;\s*$/, '')}; style-src 'self' ${source}`;
}

/**
 * The page with its critical rules in its <head> in place of the blocking stylesheet link, unless the browser
 * said it has that stylesheet in its cache (`cachedStylesheet`, the file name its cookie gives): the link then
 * costs no request, and the page stays as Astro wrote it. Anything else (not HTML, not a built page, a page
 * linking another stylesheet) is answered as it was.
 */
export async function withCriticalStyles(response: Response, cachedStylesheet?: string): Promise<Response> {
  if (import.meta.env.DEV || !response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  const links = [...html.matchAll(STYLESHEET_LINK)];
  const href = links.length === 1 ? links[0]![1]! : null;
  const cached = href !== null && cachedStylesheet === stylesheetFileName(href);
  const styles = href !== null && !cached ? deferredStyles(html, href) : null;
  const answer = new Response(styles ? html.replace(links[0]![0], styles.head) : html, response);
  if (!styles) return answer;
  answer.headers.delete('content-length');
  const policy = answer.headers.get('content-security-policy');
  if (policy) {
    const hash = `sha256-${createHash('sha256').update(styles.css).digest('base64')}`;
    answer.headers.set('content-security-policy', allowStyleHash(policy, hash));
  }
  return answer;
}
