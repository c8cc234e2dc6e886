/**
 * Every route of the site, derived from the files in src/pages/ (Astro's file routing): a page per
 * `.astro` file, an API call per method an `src/pages/api/**.ts` file exports. The round-trip test and
 * `npm run bench:latency` walk this list, so a new route cannot be left out: it must have an entry in
 * tools/route-examples.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SiteRoute {
  /** The route as Astro names it, e.g. `/modules/[id]/lessons/[lessonId]`, `/api/progress/[id]`. */
  pattern: string;
  /** A page (`.astro`), or an endpoint (a `.ts` file answering the methods it exports: /api, /auth/sso…). */
  kind: 'page' | 'api';
  /** Pages: GET (a page may answer other methods too); API routes: the methods the file exports. */
  methods: string[];
  /** The file, relative to the project. */
  file: string;
}

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'ALL'];
const EXPORTED_METHOD = new RegExp(`export\\s+(?:const|(?:async\\s+)?function)\\s+(${HTTP_METHODS.join('|')})\\b`, 'g');

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.(astro|ts|js|mjs|md|mdx|html)$/.test(entry.name) && !/\.(test|spec)\.ts$/.test(entry.name) ? [full] : [];
  });
}

function patternOf(relativeFile: string): string {
  const withoutExtension = relativeFile
    .replace(/\.[^.]+$/, '')
    .split(path.sep)
    .join('/');
  const trimmed = withoutExtension.replace(/(^|\/)index$/, '');
  return `/${trimmed}`;
}

/** The routes under `pagesDirectory` (default src/pages), sorted by pattern. */
export function siteRoutes(pagesDirectory = path.resolve('src/pages')): SiteRoute[] {
  const routes = filesUnder(pagesDirectory)
    .filter((file) => !path.basename(file).startsWith('_'))
    .map((file): SiteRoute => {
      const relativeFile = path.relative(pagesDirectory, file);
      const pattern = patternOf(relativeFile);
      const isEndpoint = !/\.(astro|md|mdx|html)$/.test(file);
      const methods = isEndpoint
        ? [...new Set([...readFileSync(file, 'utf8').matchAll(EXPORTED_METHOD)].map((match) => match[1]!))]
        : ['GET'];
      return {
        pattern,
        kind: isEndpoint ? 'api' : 'page',
        methods,
        file: path.relative(process.cwd(), file),
      };
    });
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** `METHOD /pattern`: the key of a route's examples. */
export const routeKey = (method: string, pattern: string) => `${method} ${pattern}`;

/** Every key that needs an example: each page's GET, each method each API route exports. */
export function requiredRouteKeys(routes: readonly SiteRoute[]): string[] {
  return routes.flatMap((route) => route.methods.map((method) => routeKey(method, route.pattern)));
}

/**
 * What is wrong between the routes and a table of examples: routes without an example, and examples of
 * routes or methods that do not exist (a page may list other methods it answers, e.g. POST /auth).
 */
export function exampleCoverage(routes: readonly SiteRoute[], exampleKeys: readonly string[]): { missing: string[]; unknown: string[] } {
  const keys = new Set(exampleKeys);
  const missing = requiredRouteKeys(routes).filter((key) => !keys.has(key));
  const unknown = [...keys].filter((key) => {
    const [method, pattern] = key.split(' ');
    const route = routes.find((candidate) => candidate.pattern === pattern);
    return !route || (route.kind === 'api' && !route.methods.includes(method!));
  });
  return { missing, unknown };
}
