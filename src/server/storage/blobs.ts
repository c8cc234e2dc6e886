/**
 * Netlify Blobs primitives: the one connection, zod-validated reads and writes, listings. Every other
 * storage module builds on these; every Blobs failure becomes StorageUnavailableError.
 *
 * Rules (docs/decisions.md "Data layout"): writers that can race never share a key (one key per event or
 * item, create-only where the first write must win); aggregates are caches rebuilt from the events.
 */
import { getStore, type Store } from '@netlify/blobs';
import { z } from 'zod';
import { blobsRequestTimeoutMs, blobsStoreName } from '~/server/config';
import { StorageUnavailableError } from './errors';

/**
 * Production's store, or a deploy preview's own (config.ts `blobsStoreName`), for one operation. Its
 * requests time out (2.5 s on Netlify: a request that never answers must not hold the function until the
 * platform cuts it off with its own error page), and the first that fails (a network error, a timeout, a 5xx or a 429) fails the
 * operation at once: the Blobs client would retry after 5 s each time, longer than anyone waits, and it
 * reports a conditional write whose retries all failed as written. Once the operation is over, nothing
 * more is sent for it.
 */
function storeFor(fail: (error: unknown) => void, over: AbortSignal): Store {
  const fetchOnce: typeof fetch = async (input, init) => {
    // The client's retry of a failed operation: an answer it does not retry ends its loop.
    if (over.aborted) return new Response(null, { status: 499, statusText: 'Operation already failed' });
    const signals = [over, AbortSignal.timeout(blobsRequestTimeoutMs()), ...(init?.signal ? [init.signal] : [])];
    try {
      // globalThis.fetch at the call: local tools wrap it (latency, faults, the trace).
      const response = await globalThis.fetch(input, { ...init, signal: AbortSignal.any(signals) });
      if (response.status >= 500 || response.status === 429) fail(new Error(`Netlify Blobs answered ${response.status}`));
      return response;
    } catch (error) {
      fail(error);
      throw error;
    }
  };
  return getStore({ name: blobsStoreName(), consistency: 'strong', fetch: fetchOnce });
}

async function attempt<T>(operation: (store: Store) => Promise<T>): Promise<T> {
  const over = new AbortController();
  let fail: (error: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  try {
    return await Promise.race([operation(storeFor(fail, over.signal)), failed]);
  } finally {
    over.abort();
  }
}

const isTimeout = (error: unknown) => error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * Runs one Blobs operation; any failure becomes StorageUnavailableError. A read that failed at once is
 * tried once more (reading twice changes nothing); a write is not (whether to repeat it is the person's
 * call), nor anything that timed out (it has had its time).
 */
async function guard<T>(operation: (store: Store) => Promise<T>, kind: 'read' | 'write' = 'read'): Promise<T> {
  try {
    try {
      return await attempt(operation);
    } catch (error) {
      if (kind === 'write' || isTimeout(error) || error instanceof z.ZodError) throw error;
      return await attempt(operation);
    }
  } catch (error) {
    if (error instanceof z.ZodError) throw error;
    console.error('storage: Netlify Blobs request failed', error);
    throw new StorageUnavailableError(error);
  }
}

/** The blob at a key, validated; null when missing or when it no longer matches its schema (logged). */
export async function readJSON<S extends z.ZodType>(blobKey: string, schema: S): Promise<z.infer<S> | null> {
  const raw = await guard((store) => store.get(blobKey, { type: 'json' }));
  if (raw === null || raw === undefined) return null;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    console.error(`storage: ${blobKey} does not match its schema`, parsed.error.issues);
    return null;
  }
  return parsed.data;
}

/** The blob at a key with its etag (for a conditional write), validated; null when missing or invalid. */
export async function readJSONWithEtag<S extends z.ZodType>(
  blobKey: string,
  schema: S,
): Promise<{ value: z.infer<S>; etag: string } | null> {
  let raw = await guard((store) => store.getWithMetadata(blobKey, { type: 'json' }));
  // No etag: the blob changed while it was read (the local server's answer then), so read the settled version once more.
  // The dev server's emulator never sends one: there a conditional write on it is an unconditional one.
  if (raw && !raw.etag) raw = await guard((store) => store.getWithMetadata(blobKey, { type: 'json' }));
  if (!raw) return null;
  const parsed = schema.safeParse(raw.data);
  if (!parsed.success) {
    console.error(`storage: ${blobKey} does not match its schema`, parsed.error.issues);
    return null;
  }
  return { value: parsed.data, etag: raw.etag ?? '' };
}

/**
 * Writes a validated value; with `onlyIfNew`, only when the key is free; with `onlyIfMatch`, only when the
 * blob still has that etag (nobody wrote it since it was read). True when this call wrote it.
 */
export async function writeJSON<S extends z.ZodType>(
  blobKey: string,
  schema: S,
  value: z.infer<S>,
  options: { onlyIfNew?: boolean; onlyIfMatch?: string } = {},
): Promise<boolean> {
  const data = schema.parse(value);
  const result = await guard(
    (store) =>
      options.onlyIfNew
        ? store.setJSON(blobKey, data, { onlyIfNew: true })
        : options.onlyIfMatch !== undefined
          ? store.setJSON(blobKey, data, { onlyIfMatch: options.onlyIfMatch })
          : store.setJSON(blobKey, data),
    'write',
  );
  return result.modified;
}

/** Bytes at a key (a recording), or null when missing. */
export async function readBytes(blobKey: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const raw = await guard((store) => store.get(blobKey, { type: 'arrayBuffer' }));
  return raw ? new Uint8Array(raw) : null;
}

/** Writes bytes under a key, create-only (a recording is written once): true when this call wrote it. */
export async function writeBytes(blobKey: string, bytes: Uint8Array): Promise<boolean> {
  const copy = bytes.slice().buffer;
  const result = await guard((store) => store.set(blobKey, copy, { onlyIfNew: true }), 'write');
  return result.modified;
}

export interface ListedBlob {
  key: string;
  /** Changes whenever the blob is written. */
  etag: string;
}

/** Keys under a prefix with their etags, sorted by key. */
export async function listBlobs(keyPrefix: string): Promise<ListedBlob[]> {
  return guard(async (store) => {
    const blobs: ListedBlob[] = [];
    for await (const page of store.list({ prefix: keyPrefix, paginate: true })) {
      for (const blob of page.blobs) blobs.push({ key: blob.key, etag: blob.etag });
    }
    return blobs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  });
}

/** The "folders" directly under a prefix (each with its trailing '/'), without listing the keys inside them. */
export async function listFolders(keyPrefix: string): Promise<string[]> {
  return guard(async (store) => {
    const folders: string[] = [];
    for await (const page of store.list({ prefix: keyPrefix, directories: true, paginate: true })) {
      for (const folder of page.directories) folders.push(folder.endsWith('/') ? folder : `${folder}/`);
    }
    return folders.sort();
  });
}

export async function listKeys(keyPrefix: string): Promise<string[]> {
  return (await listBlobs(keyPrefix)).map((blob) => blob.key);
}

export async function remove(blobKey: string): Promise<void> {
  await guard((store) => store.delete(blobKey), 'write');
}

/** Body reads at once when many are needed: a long history must not flood the Blobs server. */
const READ_CONCURRENCY = 16;

/** Runs `task` over the items, a bounded number at a time; results in item order. */
export async function mapLimit<T, R>(items: readonly T[], task: (item: T) => Promise<R>, limit = READ_CONCURRENCY): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The ISO dates (YYYY-MM-DD) naming the folders directly under `root`, oldest first. */
export async function dateFolders(root: string): Promise<string[]> {
  const dated = /^(\d{4}-\d{2}-\d{2})\/$/;
  return (await listFolders(`${root}/`)).flatMap((folder) => dated.exec(folder.slice(root.length + 1))?.[1] ?? []);
}

/** Deletes every blob under a prefix; how many there were. */
export async function removeAll(keyPrefix: string): Promise<number> {
  const keys = await listKeys(keyPrefix);
  await mapLimit(keys, remove);
  return keys.length;
}

/** Every valid blob under a prefix (unreadable ones left out). */
export async function readAll<S extends z.ZodType>(keyPrefix: string, schema: S): Promise<Array<z.infer<S>>> {
  const keys = await listKeys(keyPrefix);
  const values = await mapLimit(keys, (blobKey) => readJSON(blobKey, schema));
  return values.filter((value) => value !== null) as Array<z.infer<S>>;
}
