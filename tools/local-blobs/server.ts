/**
 * A local Netlify Blobs server (`BlobsServer` from @netlify/blobs) with this process's Blobs client
 * pointed at it: what `npm run serve:built`, the operator CLI on local data, the benchmarks and the tests
 * use. Never part of the deployed site.
 */
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BlobsFaults } from './faults';
import type { BlobsLatency } from './latency';
import { watchBlobs } from './trace';

interface WalkOptions {
  directories: boolean;
  path: string;
  prefix: string;
  rootPath: string;
  result: { blobs?: Array<{ etag: string; key: string; last_modified: string; size: number }>; directories?: string[] };
}
interface Emulator {
  walk(options: WalkOptions): Promise<void>;
  generateETag(file: string): Promise<string>;
}

/**
 * The emulator's own listing walk, with one correction: it stats each entry after a readdir, and a write
 * in progress (a temporary `.name` file renamed a moment later) or a deleted entry made that stat throw
 * and end the WHOLE listing early, so keys were silently missing. Netlify Blobs lists consistently, and
 * the sign-in throttle counts on it. Here such an entry is skipped. Like Netlify's, it lists only keys
 * that start with the prefix (the emulator also listed `a/b` for the prefix `a/b/`).
 */
async function consistentWalk(this: Emulator, options: WalkOptions): Promise<void> {
  const { directories, prefix, result, rootPath } = options;
  const entries = await readdir(options.path).catch(() => []);
  for (const entry of entries) {
    if (entry.startsWith('.')) continue; // a write in progress
    const entryPath = path.join(options.path, entry);
    const key = path.relative(rootPath, entryPath).split(path.sep).join('/');
    if (!prefix.startsWith(key.slice(0, prefix.length))) continue;
    const info = await stat(entryPath).catch(() => null);
    if (!info) continue; // gone since the readdir
    if (!info.isDirectory()) {
      if (!key.startsWith(prefix)) continue; // a key the prefix only begins with (`a/b` for `a/b/`)
      const etag = await this.generateETag(entryPath).catch(() => null);
      if (etag) result.blobs?.push({ etag, key, last_modified: info.mtime.toISOString(), size: info.size });
    } else if (directories && key.startsWith(prefix)) {
      result.directories?.push(key);
    } else {
      await consistentWalk.call(this, { ...options, path: entryPath });
    }
  }
}
(BlobsServer as unknown as Emulator).walk = consistentWalk;

/**
 * The emulator checks a conditional write (create-only `If-None-Match: *`, or `If-Match`) and then writes,
 * with awaits between: two racing create-only writes of one key both won. Netlify Blobs decides them
 * atomically, and the digest's send claim counts on it; here conditional writes of a key wait in turn.
 */
type Put = (this: unknown, req: Request) => Promise<Response>;
const emulatorPrototype = BlobsServer.prototype as unknown as { put: Put };
const plainPut = emulatorPrototype.put;
const conditionalWrites = new Map<string, Promise<unknown>>();
emulatorPrototype.put = function atomicConditionalPut(req: Request): Promise<Response> {
  if (!req.headers.get('if-none-match') && !req.headers.get('if-match')) return plainPut.call(this, req);
  const url = new URL(req.url ?? '', 'http://blobs').pathname;
  const turn = (conditionalWrites.get(url) ?? Promise.resolve()).then(() => plainPut.call(this, req));
  const settled = turn.catch(() => undefined);
  conditionalWrites.set(url, settled);
  void settled.then(() => conditionalWrites.get(url) === settled && conditionalWrites.delete(url));
  return turn;
};

/**
 * The emulator answers a blob's GET without its ETag (only a write answers one), so a read for a
 * conditional write (`readJSONWithEtag`, then `onlyIfMatch`) got none. Netlify Blobs sends it; here it is
 * added, and left out when the blob changed while it was read (no etag: the writer does not rely on one).
 */
interface EmulatorPaths {
  parseAPIRequest(req: Request): { url: URL } | null;
  getLocalPaths(url: URL): { dataPath?: string; key?: string };
  address: string;
}
type Get = (this: EmulatorPaths, req: Request) => Promise<Response>;
const emulatorGets = BlobsServer.prototype as unknown as { get: Get };
const plainGet = emulatorGets.get;
const etagOf = (file: string) => (BlobsServer as unknown as Emulator).generateETag(file);
emulatorGets.get = async function getWithETag(this: EmulatorPaths, req: Request): Promise<Response> {
  const { dataPath, key } = this.getLocalPaths(this.parseAPIRequest(req)?.url ?? new URL(req.url ?? '', this.address));
  if (!dataPath || !key) return plainGet.call(this, req); // a listing
  const before = await etagOf(dataPath);
  const response = await plainGet.call(this, req);
  if (!response.ok || response.headers.has('etag') || !before || (await etagOf(dataPath)) !== before) return response;
  const headers = new Headers(response.headers);
  headers.set('etag', before);
  return new Response(response.body, { status: response.status, headers });
};

/** Points this process's Netlify Blobs client at a local server (this process's or another's). */
export function connectTo(
  { siteID, token, url }: { siteID: string; token: string; url: string },
  latency: BlobsLatency | null = null,
  faults: BlobsFaults | null = null,
): void {
  setEnvironmentContext({ siteID, token, edgeURL: url, uncachedEdgeURL: url });
  watchBlobs(url, latency, faults);
}

export interface LocalBlobs {
  port: number;
  /** Where clients send requests, and the token they need. */
  url: string;
  token: string;
  /** Points the environment at this server again (benchmarks alternate between two servers). */
  activate(): void;
  /** Where the blobs are kept (files under entries/<site>/site:<store>/<key>). */
  directory: string;
  /** Stops the server; a temporary folder (no `directory` given) is removed with it. */
  stop(): Promise<void>;
}

export interface LocalBlobsOptions {
  /** Folder to keep the data in; a fresh temporary folder when left out. */
  directory?: string;
  /** The site id the data belongs to (local tools use '0' for the dev server's data). */
  siteID?: string;
  /** Called for every request the server answers (benchmarks count operations with it). */
  onRequest?: (request: { type: string; url: string }) => void;
  /** Simulated round-trip times (./latency.ts); none when left out or null. */
  latency?: BlobsLatency | null;
  /** Requests that fail (./faults.ts); none when left out or null. */
  faults?: BlobsFaults | null;
}

export async function startLocalBlobs(options: LocalBlobsOptions = {}): Promise<LocalBlobs> {
  const directory = options.directory ?? (await mkdtemp(path.join(tmpdir(), 'parcelwise-blobs-')));
  const token = randomUUID();
  const server = new BlobsServer({ directory, token, ...(options.onRequest ? { onRequest: options.onRequest } : {}) });
  const { port } = await server.start();
  // Node's server drops a connection idle for 5 s, and a request the client sent on it at that moment (its event loop
  // busy, as when a language model loads) came back as ECONNRESET. Here only the client closes idle connections.
  const nodeServer = (server as unknown as { server?: { nodeServer?: Server } }).server?.nodeServer;
  if (nodeServer) nodeServer.keepAliveTimeout = 0;
  const url = `http://127.0.0.1:${port}`;
  const activate = () => connectTo({ siteID: options.siteID ?? 'local', token, url }, options.latency ?? null, options.faults ?? null);
  activate();
  return {
    port,
    url,
    token,
    activate,
    directory,
    async stop() {
      await server.stop();
      if (!options.directory) await rm(directory, { recursive: true, force: true });
    },
  };
}
