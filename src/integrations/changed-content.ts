// The "Changed in this preview" list (/changes) comes from git where the site is built: this integration
// serves it to the page as the module `virtual:parcelwise/changed-content`, computed once per build, and
// again in the dev server whenever a file under content/ changes.
import type { AstroIntegration } from 'astro';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { contentChanges } from '../content-check/changes';

const MODULE_ID = 'virtual:parcelwise/changed-content';
const RESOLVED_ID = `\0${MODULE_ID}`;

function changedContentPlugin(root: string): Plugin {
  return {
    name: 'parcelwise:changed-content',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? `export default ${JSON.stringify(contentChanges(root))};` : undefined),
    configureServer(server) {
      const contentDir = join(root, 'content') + sep;
      server.watcher.on('all', (_event, path) => {
        if (!path.startsWith(contentDir)) return;
        for (const environment of Object.values(server.environments)) {
          const module = environment.moduleGraph.getModuleById(RESOLVED_ID);
          if (module) environment.moduleGraph.invalidateModule(module);
        }
      });
    },
  };
}

export function changedContent(): AstroIntegration {
  return {
    name: 'parcelwise:changed-content',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        updateConfig({ vite: { plugins: [changedContentPlugin(fileURLToPath(config.root))] } });
      },
    },
  };
}
