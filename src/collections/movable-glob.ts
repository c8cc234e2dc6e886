// Astro's glob loader, safe when an editor renames or moves a content file.
//
// Why: Astro's content layer keeps every entry in a data store (node_modules/.astro/data-store.json) and
// skips an entry whose id and text it already holds, keeping the file path it had. A moved file with the
// same id and text so kept its old path: every later build failed to import a file that no longer existed,
// and the dev server, which hears "added" before "removed", then removed the entry altogether (a 404).
// Here the loader sees the store through three rules: an entry whose file is gone is not "already held"
// (so it is read again from where it is now); an entry stored from another file replaces the one held,
// even with the same text (the store would otherwise keep the old one); and an entry is removed only when
// no file provides it any more (its file is gone, or now carries another id).
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { glob as astroGlob, type Loader, type LoaderContext } from 'astro/loaders';
import { parse } from 'yaml';

type GlobOptions = Parameters<typeof astroGlob>[0];
type Store = LoaderContext['store'];

/** The store as the glob loader should see it: see the three rules at the top of this file. */
export function followMoves(store: Store, providesId: (filePath: string, id: string) => boolean): Store {
  const held = (id: string) => {
    const entry = store.get(id);
    return entry?.filePath && !providesId(entry.filePath, id) ? undefined : entry;
  };
  const replace: Store['set'] = (entry) => {
    const before = store.get(entry.id);
    if (before && before.filePath !== entry.filePath) store.delete(entry.id);
    return store.set(entry);
  };
  const remove = (id: string) => {
    const entry = store.get(id);
    if (entry?.filePath && providesId(entry.filePath, id)) return;
    store.delete(id);
  };
  return new Proxy(store, {
    get(target, property) {
      if (property === 'get') return held;
      if (property === 'set') return replace;
      if (property === 'delete') return remove;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

/** The data of a content file (MDX frontmatter or YAML), or null when it cannot be read. */
function readData(path: string): Record<string, unknown> | null {
  try {
    const text = readFileSync(path, 'utf8');
    const data: unknown = parse(/\.mdx?$/.test(path) ? (FRONTMATTER.exec(text)?.[1] ?? '') : text);
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    return null;
  }
}

/** `glob` of astro/loaders, with moves and renames followed (see the top of this file). */
export function glob(options: GlobOptions): Loader {
  const inner = astroGlob(options);
  return {
    ...inner,
    load: (context) => {
      const root = fileURLToPath(context.config.root);
      const base = new URL(options.base ?? '.', context.config.root);
      const baseDir = fileURLToPath(base);
      const generateId = options.generateId;
      const providesId = (filePath: string, id: string): boolean => {
        const path = fileURLToPath(new URL(filePath, context.config.root));
        if (!path.startsWith(root) || !existsSync(path)) return false;
        // Without generateId the id comes from the path, which still exists.
        if (!generateId) return true;
        const data = readData(path);
        return data !== null && generateId({ entry: relative(baseDir, path).split('\\').join('/'), base, data }) === id;
      };
      return inner.load({ ...context, store: followMoves(context.store, providesId) });
    },
  };
}
