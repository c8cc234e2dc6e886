// Lets the dev server and the rest of the tool chain (build, type check, unit tests) run side by side
// in one checkout without breaking each other. Why (docs/decisions.md "Dev server beside the tests"):
// - every Vite process of Astro uses `node_modules/.vite/` for its pre-bundled dependencies; `astro build`
//   finds the dev server's bundles made for another config and replaces the folder, so the running dev
//   server's in-memory list points at files that are gone and every island import answers 504
//   "Outdated Optimize Dep";
// - the Netlify adapter empties `.netlify/v1` and `.netlify/build` whenever Astro starts, so starting the
//   dev server (or vitest, or `astro check`) deleted the production build the tests were serving.
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/** Dependencies the islands import, bundled when the dev server starts so no first page view finds a new one. */
const ISLAND_DEPENDENCIES = [
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
 * `astro dev` keeps its pre-bundled dependencies in a folder of its own, one per port
 * (`node_modules/.vite-dev/<port>/`), so neither a build nor a second dev server can replace them.
 */
export function separateDevCache(): AstroIntegration {
  return {
    name: 'parcelwise:separate-dev-cache',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        if (command !== 'dev') return;
        const cacheDir = new URL(`./node_modules/.vite-dev/${config.server.port}/`, config.root);
        updateConfig({ vite: { cacheDir: fileURLToPath(cacheDir), optimizeDeps: { include: ISLAND_DEPENDENCIES } } });
      },
    },
  };
}

/**
 * The Netlify adapter, except that only `astro build` may empty the build output. For every other
 * command its start-up clean-up is pointed at a scratch folder (`node_modules/.netlify-scratch/`);
 * nothing else the adapter does at set-up depends on that folder outside a build.
 */
export function buildOnlyCleanup(adapter: AstroIntegration): AstroIntegration {
  const setup = adapter.hooks['astro:config:setup'];
  if (!setup) throw new Error(`buildOnlyCleanup: ${adapter.name} has no astro:config:setup hook`);
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      'astro:config:setup': (options) => {
        if (options.command === 'build') return setup(options);
        const scratchRoot = new URL('./node_modules/.netlify-scratch/', options.config.root);
        // The adapter also tells Vite not to watch its folder: keep that for the real one.
        const realOutput = fileURLToPath(new URL('./.netlify/**', options.config.root));
        options.updateConfig({ vite: { server: { watch: { ignored: [realOutput] } } } });
        return setup({ ...options, config: { ...options.config, root: scratchRoot } });
      },
    },
  };
}
