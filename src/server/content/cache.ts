/**
 * The content queries' one cache. Content cannot change while a production server runs, so each query
 * computes once per process there; under `astro dev` every call reads afresh, so edits show at once.
 * A failed load is not kept: the next call tries again.
 */
const loads = new Map<string, Promise<unknown>>();

export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!import.meta.env.PROD) return load();
  let promise = loads.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = load().catch((error: unknown) => {
      loads.delete(key);
      throw error;
    });
    loads.set(key, promise);
  }
  return promise;
}

/** The entry of a single-entry collection (a YAML file holding one document), or a loud error naming the file. */
export function requireEntry<T>(entry: { data: T } | undefined, file: string, id: string): T {
  if (!entry) throw new Error(`${file} has no "${id}" entry: check the file exists and its top-level key is "${id}".`);
  return entry.data;
}

export const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
export const byAlphabet = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
