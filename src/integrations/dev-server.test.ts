// The dev server's isolation (docs/decisions.md "Dev server beside the tests"), hook by hook. The whole
// path is also checked in a browser by tests/dev-server/hydration.spec.ts in `npm test`.
import type { AstroIntegration } from 'astro';
import { EventEmitter } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildOnlyCleanup, devServerIsolation, ISLAND_DEPENDENCIES, isAstroBuild, keepBlobsConnectionOnRestart } from './dev-server';

type SetupOptions = Parameters<NonNullable<AstroIntegration['hooks']['astro:config:setup']>>[0];
const ROOT = new URL('file:///project/');

function setupOptions(command: SetupOptions['command'], updates: unknown[] = []): SetupOptions {
  return {
    command,
    config: { root: ROOT, server: { port: 4321 } },
    updateConfig: (update: unknown) => updates.push(update),
  } as unknown as SetupOptions;
}

describe('devServerIsolation', () => {
  const setup = devServerIsolation().hooks['astro:config:setup']!;

  it('gives astro dev its own Vite cache per port and pre-bundles the islands’ dependencies', async () => {
    const updates: Array<{ vite: { cacheDir: string; optimizeDeps: { include: string[] }; plugins: Array<{ name: string }> } }> = [];
    await setup(setupOptions('dev', updates));
    expect(updates).toHaveLength(1);
    const { vite } = updates[0]!;
    expect(vite.cacheDir).toBe('/project/node_modules/.vite-dev/4321/');
    expect(vite.optimizeDeps.include).toEqual(expect.arrayContaining(['react', 'react-dom/client', 'nanostores', '@nanostores/react']));
    expect(vite.plugins.map((plugin) => plugin.name)).toEqual(['parcelwise:keep-blobs-connection-on-restart']);
  });

  it('bundles the listed dependencies and looks for no others', async () => {
    const updates: Array<{ vite: { optimizeDeps: { include: string[]; noDiscovery: boolean } } }> = [];
    await setup(setupOptions('dev', updates));
    expect(updates[0]!.vite.optimizeDeps).toEqual({ include: ISLAND_DEPENDENCIES, noDiscovery: true });
  });

  it('lists every package the browser code imports', () => {
    const listed = (specifier: string) => ISLAND_DEPENDENCIES.some((dependency) => dependency === specifier);
    const missing = [...browserImports()].filter((specifier) => !listed(specifier));
    expect(missing).toEqual([]);
  });

  it('finds the packages of what the browser code imports, through local modules, and not its type-only imports', () => {
    expect(importsOf(`import { atom } from 'nanostores';\nimport type { ClientDirective } from 'astro';`)).toEqual(['nanostores']);
    expect(
      importsOf(
        `import { type A, type B } from 'zod';\nexport { x } from './x';\nimport '../y.css';\nimport {\n  a,\n  type B,\n} from 'react';`,
      ),
    ).toEqual(['./x', '../y.css', 'react']);
    expect(importsOf(`const load = () => import('react-dom/client');\nexport const x = 'from';`)).toEqual(['react-dom/client']);
    expect(browserImports()).toEqual(expect.arrayContaining(['react', 'nanostores', '@nanostores/react']));
  });

  it('changes nothing for a build, a type check or the unit tests', async () => {
    for (const command of ['build', 'sync', 'preview'] as const) {
      const updates: unknown[] = [];
      await setup(setupOptions(command, updates));
      expect(updates, command).toEqual([]);
    }
  });
});

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the browser code starts: islands, their stores, page scripts and client directives. */
const BROWSER_ROOTS = ['islands', 'stores', 'page-scripts', 'client-directives'];

/** `import x from 'y'`, `export { x } from 'y'`, `import 'y'` (its clause holds no quote or semicolon), `import('y')`. */
const STATIC_IMPORT = /^(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
/** `{ type A, type B }`: every name a type, so nothing is imported at run time. */
const typeNamesOnly = (clause: string) =>
  /^\{[^}]*\}$/.test(clause.trim()) &&
  clause
    .replace(/[{}]/g, '')
    .split(',')
    .filter((name) => name.trim())
    .every((name) => name.trim().startsWith('type '));

/** The modules a module imports at run time (type-only imports left out). */
function importsOf(source: string): string[] {
  const imported = [...source.matchAll(STATIC_IMPORT)]
    .filter(([, type, clause = '']) => !type && !typeNamesOnly(clause))
    .map((match) => match[3]!);
  return [...imported, ...[...source.matchAll(DYNAMIC_IMPORT)].map((match) => match[1]!)];
}

/** A local import as a file: `~/x` and `./x`, with or without its extension or as a folder's index. */
function localFile(specifier: string, from: string): string | null {
  const base = specifier.startsWith('~/') ? join(SRC, specifier.slice(2)) : resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file)) ?? null;
}

/** The packages the browser code imports, following its local imports. */
function browserImports(): string[] {
  const pending = BROWSER_ROOTS.flatMap((root) =>
    readdirSync(join(SRC, root), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|fixtures)\.tsx?$|\.d\.ts$/.test(file))
      .map((file) => join(SRC, root, file)),
  );
  const seen = new Set<string>();
  const packages = new Set<string>();
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.') || specifier.startsWith('~/')) {
        const local = localFile(specifier, file);
        if (local) pending.push(local);
      } else if (!specifier.startsWith('node:')) packages.add(specifier);
    }
  }
  return [...packages].sort();
}

describe('buildOnlyCleanup', () => {
  const ASTRO_BUILD = ['/usr/bin/node', '/project/node_modules/.bin/astro', 'build'];
  const SCRATCH = 'file:///project/node_modules/.netlify-scratch/';
  function wrapped(argv: readonly string[] = ASTRO_BUILD) {
    const roots: string[] = [];
    const adapter: AstroIntegration = {
      name: 'fake-adapter',
      hooks: { 'astro:config:setup': ({ config }) => void roots.push(String(config.root)) },
    };
    return { hook: buildOnlyCleanup(adapter, argv).hooks['astro:config:setup']!, roots };
  }

  it('lets only astro build clean the real output folders', async () => {
    const { hook, roots } = wrapped();
    await hook(setupOptions('build'));
    expect(roots).toEqual(['file:///project/']);
  });

  it('keeps the build when another tool loads the config as a build (knip through vitest.config.ts)', async () => {
    for (const argv of [
      ['/usr/bin/node', '/project/node_modules/.bin/knip'],
      ['/usr/bin/node', '/project/node_modules/vitest/vitest.mjs', 'run'],
      ['/usr/bin/node', '/project/node_modules/.bin/astro', 'check'],
    ]) {
      const { hook, roots } = wrapped(argv);
      await hook(setupOptions('build'));
      expect(roots, argv.join(' ')).toEqual([SCRATCH]);
    }
  });

  it('points every other command at a scratch root and keeps Vite away from the real .netlify', async () => {
    const { hook, roots } = wrapped();
    const updates: Array<{ vite: { server: { watch: { ignored: string[] } } } }> = [];
    await hook(setupOptions('dev', updates));
    await hook(setupOptions('sync'));
    expect(roots).toEqual([SCRATCH, SCRATCH]);
    expect(updates[0]?.vite.server.watch.ignored).toEqual(['/project/.netlify/**']);
  });

  it('refuses an adapter without a set-up hook, loudly', () => {
    expect(() => buildOnlyCleanup({ name: 'odd', hooks: {} })).toThrow('odd has no astro:config:setup hook');
  });
});

describe('isAstroBuild', () => {
  it('knows astro build by its script and command, however the script is reached', () => {
    expect(isAstroBuild(['node', '/p/node_modules/.bin/astro', 'build'])).toBe(true);
    expect(isAstroBuild(['node', '/p/node_modules/astro/bin/astro.mjs', 'build'])).toBe(true);
    expect(isAstroBuild(['node', '/p/node_modules/.bin/astro', 'dev'])).toBe(false);
    expect(isAstroBuild(['node', '/p/node_modules/.bin/knip', 'build'])).toBe(false);
    expect(isAstroBuild(['node', '/p/node_modules/.bin/not-astro', 'build'])).toBe(false);
    expect(isAstroBuild(['node'])).toBe(false);
  });
});

describe('keepBlobsConnectionOnRestart', () => {
  const saved = process.env['NETLIFY_BLOBS_CONTEXT'];
  afterEach(() => {
    if (saved === undefined) delete process.env['NETLIFY_BLOBS_CONTEXT'];
    else process.env['NETLIFY_BLOBS_CONTEXT'] = saved;
  });

  it('sets the new emulation’s connection again once the restarted server listens', () => {
    const plugin = keepBlobsConnectionOnRestart();
    const httpServer = new EventEmitter();
    process.env['NETLIFY_BLOBS_CONTEXT'] = 'context-of-the-new-server';
    (plugin.configureServer as (server: unknown) => void)({ httpServer });
    delete process.env['NETLIFY_BLOBS_CONTEXT']; // the old server's emulation stops and puts back what it found
    httpServer.emit('listening');
    expect(process.env['NETLIFY_BLOBS_CONTEXT']).toBe('context-of-the-new-server');
  });

  it('does nothing without an emulated connection or an HTTP server (middleware mode)', () => {
    const plugin = keepBlobsConnectionOnRestart();
    delete process.env['NETLIFY_BLOBS_CONTEXT'];
    const httpServer = new EventEmitter();
    (plugin.configureServer as (server: unknown) => void)({ httpServer });
    httpServer.emit('listening');
    expect(process.env['NETLIFY_BLOBS_CONTEXT']).toBeUndefined();
    process.env['NETLIFY_BLOBS_CONTEXT'] = 'x';
    expect(() => (plugin.configureServer as (server: unknown) => void)({ httpServer: null })).not.toThrow();
  });
});
