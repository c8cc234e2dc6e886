// The product facts, registered in src/content.config.ts: content/facts/<area>.yaml, each file a list of
// facts with an `id` (integrations.yaml, commercial.yaml, …). Schema and field guide: src/schemas/facts.ts.
//
// Why a loader of its own: Astro's file() reads one list file and glob() one entry per file, while the
// facts of an area are reviewed together in one file, and the areas are several. This reads every list
// file of the folder (ids unique across them; the content check names a repeat) and, under `astro dev`,
// reads them again when one is saved, added or removed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import type { Loader, LoaderContext } from 'astro/loaders';
import { parse } from 'yaml';
import { factSchema } from '~/schemas/facts';

const FACTS_DIR = 'content/facts';

/** Every entry of every list file of `dir`, with the file it came from (from the project root). */
async function syncLists(dir: string, context: LoaderContext): Promise<void> {
  const root = fileURLToPath(context.config.root);
  const names = readdirSync(join(root, dir))
    .filter((name) => /\.ya?ml$/.test(name))
    .sort();
  const entries: Array<{ id: string; data: Record<string, unknown>; filePath: string }> = [];
  for (const name of names) {
    const filePath = `${dir}/${name}`;
    let list: unknown;
    try {
      list = parse(readFileSync(join(root, filePath), 'utf8'));
    } catch (error) {
      context.logger.error(`Cannot read ${filePath}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    for (const item of Array.isArray(list) ? (list as unknown[]) : []) {
      const data = (item ?? {}) as Record<string, unknown>;
      if (typeof data['id'] === 'string') entries.push({ id: data['id'], data, filePath });
    }
  }
  context.store.clear();
  for (const { id, data, filePath } of entries) {
    if (context.store.has(id)) continue; // the content check reports the repeated id, naming both files
    context.store.set({ id, data: await context.parseData({ id, data, filePath }), filePath });
  }
}

/** A loader of every YAML list file of a folder (see the top of this file). */
function listFiles(dir: string): Loader {
  return {
    name: 'list-files-loader',
    load: async (context) => {
      await syncLists(dir, context);
      const folder = join(fileURLToPath(context.config.root), dir);
      context.watcher?.add(folder);
      const resync = async (path: string) => {
        if (path.startsWith(folder) && /\.ya?ml$/.test(path)) await syncLists(dir, context);
      };
      context.watcher?.on('change', resync);
      context.watcher?.on('add', resync);
      context.watcher?.on('unlink', resync);
    },
  };
}

export const factCollections = {
  facts: defineCollection({ loader: listFiles(FACTS_DIR), schema: factSchema }),
};
