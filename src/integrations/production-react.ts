// The server function renders with React's production build. React chooses its build from
// process.env.NODE_ENV when it is first loaded, and Netlify Functions (AWS Lambda) leave NODE_ENV
// unset, so every island was rendered by React's development build: extra checks and warnings on every
// request, about twice the CPU of a React render (docs/decisions.md "Blobs round trips").
// The adapter bundles React as a dependency, not through Vite, so a Vite `define` cannot reach it; instead,
// after the adapter has written the function's entry, this puts an import of a one-line module before
// the entry's first import. ES modules evaluate their imports in order, so NODE_ENV is set before React loads.
import type { AstroIntegration } from 'astro';
import { readFile, writeFile } from 'node:fs/promises';

export const FUNCTION_ENTRY = '.netlify/v1/functions/ssr/ssr.mjs';
export const NODE_ENV_MODULE = 'node-env.mjs';
const FIRST_IMPORT = `import './${NODE_ENV_MODULE}';`;

/** The entry with the NODE_ENV module imported first; the same text when it already is. */
export function withProductionNodeEnv(entry: string): string {
  if (entry.trimStart().startsWith(FIRST_IMPORT)) return entry;
  if (!/^\s*import /.test(entry)) {
    throw new Error(
      `productionReact: ${FUNCTION_ENTRY} no longer starts with an import, so React's production build cannot be ` +
        'chosen before React loads. Look at what @astrojs/netlify now writes there and update src/integrations/production-react.ts.',
    );
  }
  return `${FIRST_IMPORT}\n${entry.trimStart()}`;
}

export function productionReact(): AstroIntegration {
  let root: URL;
  return {
    name: 'parcelwise:production-react',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      // Runs after the adapter's own build:done (Astro puts the adapter first), which writes the entry.
      'astro:build:done': async () => {
        const entry = new URL(FUNCTION_ENTRY, root);
        await writeFile(new URL(NODE_ENV_MODULE, entry), "process.env.NODE_ENV ||= 'production';\n");
        await writeFile(entry, withProductionNodeEnv(await readFile(entry, 'utf8')));
      },
    },
  };
}
