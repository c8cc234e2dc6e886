// Lets the dev server and the rest of the tool chain (build, type check, unit tests) run side by side
// in one checkout without breaking each other. Why (docs/decisions.md "Dev server beside the tests"):
// - every Vite process of Astro uses `node_modules/.vite/` for its pre-bundled dependencies; `astro build`
//   finds the dev server's bundles made for another config and replaces the folder, so the running dev
//   server's in-memory list points at files that are gone and every island import answers 504
//   "Outdated Optimize Dep";
// - the Netlify adapter empties `.netlify/v1` and `.netlify/build` whenever Astro starts, so starting the
//   dev server (or vitest, or `astro check`) deleted the production build the tests were serving;
// - when the dev server restarts itself (an edit of astro.config.mjs or src/content.config.ts), the Netlify
//   emulation of the old server, stopping after the new one started, put back the environment it found,
//   so Netlify Blobs lost its connection and every page answered 503 until a manual restart.
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Every package the browser code imports (islands, stores, page scripts, client directives), bundled when the dev
 * server starts. The list is the whole of it: Vite does not look for more (`noDiscovery`), so it never finds a package
 * on a first page view, bundles it again and asks the page to reload (an island loading at that moment failed), and
 * never bundles what only tests and server code import (vitest, yaml). A package new to the browser goes here; a unit
 * test (./dev-server.test.ts) follows the browser code's imports and fails until it does.
 */
export const ISLAND_DEPENDENCIES = [
  '@astrojs/react/client.js',
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'nanostores',
  '@nanostores/react',
  'zod',
];

/**
 * What `astro dev` needs to live beside everything else: its pre-bundled dependencies in a folder of its
 * own, one per port (`node_modules/.vite-dev/<port>/`), so neither a build nor a second dev server can
 * replace them; the browser's dependencies bundled at start-up, and only those; the Blobs connection kept across restarts.
 */
export function devServerIsolation(): AstroIntegration {
  return {
    name: 'parcelwise:dev-server-isolation',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        if (command !== 'dev') return;
        const cacheDir = new URL(`./node_modules/.vite-dev/${config.server.port}/`, config.root);
        updateConfig({
          vite: {
            cacheDir: fileURLToPath(cacheDir),
            optimizeDeps: { include: ISLAND_DEPENDENCIES, noDiscovery: true },
            plugins: [keepBlobsConnectionOnRestart()],
          },
        });
      },
    },
  };
}

/**
 * Whether this process is `astro build`. The command Astro hands the hooks is not enough: `getViteConfig`
 * (our vitest.config.ts) says "build" for any caller that is not a dev server, and knip loads that config
 * as a build, so `npm run lint` emptied the production build that `npm test` and `serve:built` serve.
 */
export function isAstroBuild(argv: readonly string[]): boolean {
  const [, script = '', command] = argv;
  return /[\\/]astro(\.m?js)?$/.test(script) && command === 'build';
}

/**
 * The Netlify adapter, except that only `astro build` may empty the build output. For every other
 * command its start-up clean-up is pointed at a scratch folder (`node_modules/.netlify-scratch/`);
 * nothing else the adapter does at set-up depends on that folder outside a build.
 */
export function buildOnlyCleanup(adapter: AstroIntegration, argv: readonly string[] = process.argv): AstroIntegration {
  const setup = adapter.hooks['astro:config:setup'];
  if (!setup) throw new Error(`buildOnlyCleanup: ${adapter.name} has no astro:config:setup hook`);
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      'astro:config:setup': (options) => {
        if (options.command === 'build' && isAstroBuild(argv)) return setup(options);
        const scratchRoot = new URL('./node_modules/.netlify-scratch/', options.config.root);
        // The adapter also tells Vite not to watch its folder: keep that for the real one.
        const realOutput = fileURLToPath(new URL('./.netlify/**', options.config.root));
        options.updateConfig({ vite: { server: { watch: { ignored: [realOutput] } } } });
        return setup({ ...options, config: { ...options.config, root: scratchRoot } });
      },
    },
  };
}

const BLOBS_CONTEXT = 'NETLIFY_BLOBS_CONTEXT';

/**
 * A Vite plugin (dev only) that keeps the Blobs connection across the dev server's own restarts: it runs
 * after the Netlify plugin has started its emulation for the new server, notes the connection it set, and
 * sets it again once the new server listens — that is, after the old server's emulation has stopped and
 * put back the environment of its own start.
 */
export function keepBlobsConnectionOnRestart(): Plugin {
  return {
    name: 'parcelwise:keep-blobs-connection-on-restart',
    apply: 'serve',
    enforce: 'post',
    configureServer(server) {
      const context = process.env[BLOBS_CONTEXT];
      if (!context || !server.httpServer) return;
      server.httpServer.once('listening', () => {
        process.env[BLOBS_CONTEXT] = context;
      });
    },
  };
}
