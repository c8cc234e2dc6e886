/**
 * A local Netlify Blobs server (`BlobsServer` from @netlify/blobs) with the environment pointing at it:
 * what `npm run serve:built`, the operator CLI on local data, the benchmarks and every test use. Never
 * part of the deployed site (only scripts and tests import it).
 *
 * Latency mode (`latency` option; `--latency` of serve:built and the benchmarks): the local server
 * answers in well under a millisecond, Netlify Blobs in tens of milliseconds from a function. With it,
 * every request waits before it reaches the server — by default 40 ms for a get, 60 ms for a set, a
 * delete or a list page, each ±25 % — so figures measured locally show the cost of round trips.
 */
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { blobOperationOf, type BlobOperationKind } from '~/lib/server/request-trace';

/** Simulated round-trip times in milliseconds per operation, and the jitter as a fraction (0.25 = ±25 %). */
export interface BlobsLatency {
  get: number;
  set: number;
  list: number;
  jitter: number;
}

export const DEFAULT_LATENCY: BlobsLatency = { get: 40, set: 60, list: 60, jitter: 0.25 };

/**
 * A latency setting as written on a command line or in BLOBS_LATENCY: `on` (the defaults), `off`, or
 * fields to change, e.g. `get=40,set=60,list=60,jitter=25%` (`jitter=0.25` too).
 */
export function parseLatency(text: string | undefined): BlobsLatency | null {
  const value = text?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'off' || value === '0' || value === 'false') return null;
  if (value === 'on' || value === 'true' || value === 'default') return { ...DEFAULT_LATENCY };
  const latency = { ...DEFAULT_LATENCY };
  for (const field of value.split(',')) {
    const [name, raw] = field.split('=').map((part) => part.trim());
    const number = Number(raw?.replace(/%$/, ''));
    if (!(name === 'get' || name === 'set' || name === 'list' || name === 'jitter') || !Number.isFinite(number) || number < 0) {
      throw new Error(`Bad latency setting "${field}": use on, off, or get=40,set=60,list=60,jitter=25%`);
    }
    latency[name] = name === 'jitter' && (raw?.endsWith('%') || number > 1) ? number / 100 : number;
  }
  return latency;
}

/** One simulated round trip: a write (set, delete) costs as a set. */
export function delayFor(latency: BlobsLatency, kind: BlobOperationKind, random: () => number = Math.random): number {
  const base = kind === 'get' ? latency.get : kind === 'list' ? latency.list : latency.set;
  return Math.max(0, base * (1 + latency.jitter * (2 * random() - 1)));
}

/** A proxy in front of the BlobsServer that holds each request for its simulated round trip. */
async function startDelayingProxy(targetPort: number, latency: BlobsLatency): Promise<{ port: number; server: Server }> {
  const server = createServer((incoming, outgoing) => {
    const { kind } = blobOperationOf(incoming.method ?? 'GET', incoming.url ?? '/');
    setTimeout(
      () => {
        const upstream = httpRequest(
          { host: '127.0.0.1', port: targetPort, method: incoming.method, path: incoming.url, headers: incoming.headers },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        upstream.on('error', () => outgoing.writeHead(502).end());
        incoming.pipe(upstream);
      },
      delayFor(latency, kind),
    );
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('latency proxy: no port');
  return { port: address.port, server };
}

interface WalkOptions {
  directories: boolean;
  path: string;
  prefix: string;
  rootPath: string;
  result: { blobs?: Array<{ etag: string; key: string; last_modified: string; size: number }>; directories?: string[] };
}
type EmulatorStatics = { walk(options: WalkOptions): Promise<void> };

/**
 * The emulator's listing walks the folders with readdir, then stat per entry; a write in progress leaves a
 * temporary `.xyz` file that is renamed a moment later, and the stat of a vanished entry aborts the WHOLE
 * listing, which then answers what it had so far (keys silently missing). Netlify Blobs itself lists
 * consistently, and throttling (services/throttle.ts) relies on that. This walk skips temporary files and
 * entries that vanish, and is otherwise the emulator's own (same keys, etags, prefixes, directories),
 * except that it is cheaper: entries outside the prefix are left before any stat (the emulator stats
 * every entry of every folder it opens, so a user's listing cost grew with the whole store), and a
 * folder's files are stat-ed once each, together.
 */
async function consistentWalk(this: EmulatorStatics, options: WalkOptions): Promise<void> {
  const { directories, prefix, result, rootPath } = options;
  const entries = await readdir(options.path, { withFileTypes: true }).catch(() => []);
  const inPrefix = entries.flatMap((entry) => {
    if (entry.name.startsWith('.')) return []; // a write in progress
    const entryPath = path.join(options.path, entry.name);
    const key = path.relative(rootPath, entryPath).split(path.sep).join('/');
    // Outside the prefix (neither under it nor a folder on the way to it): left before any stat.
    return prefix.startsWith(key.slice(0, prefix.length)) ? [{ entry, entryPath, key }] : [];
  });
  // The files' stats at once (the emulator awaits one after the other).
  const files = await Promise.all(
    inPrefix
      .filter(({ entry }) => !entry.isDirectory())
      .map(async ({ entryPath, key }) => ({ entryPath, key, info: await stat(entryPath).catch(() => null) })),
  );
  for (const { entryPath, key, info } of files) {
    if (!info) continue; // vanished since readdir
    // The emulator's etag (generateETag: an HMAC of the path keyed by the mtime), without its second stat.
    const etag = `"${createHmac('sha256', info.mtime.toISOString()).update(entryPath).digest('hex')}"`;
    result.blobs?.push({ etag, key, last_modified: info.mtime.toISOString(), size: info.size });
  }
  for (const { entry, entryPath, key } of inPrefix) {
    if (!entry.isDirectory()) continue;
    if (directories && key.startsWith(prefix)) {
      result.directories?.push(key);
      continue;
    }
    await this.walk({ ...options, path: entryPath });
  }
}
(BlobsServer as unknown as EmulatorStatics).walk = consistentWalk;

/** Points this process's Netlify Blobs client at a local server (this process's or another's). */
export function connectTo({ siteID, token, url }: { siteID: string; token: string; url: string }): void {
  setEnvironmentContext({ siteID, token, edgeURL: url, uncachedEdgeURL: url });
}

export interface LocalBlobs {
  port: number;
  /** Where clients send requests (the latency proxy when there is one), and the token they need. */
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
  /** Simulated round-trip times (see the top of this file); none when left out or null. */
  latency?: BlobsLatency | null;
}

export async function startLocalBlobs(options: LocalBlobsOptions = {}): Promise<LocalBlobs> {
  const directory = options.directory ?? (await mkdtemp(path.join(tmpdir(), 'parcelwise-blobs-')));
  const token = randomUUID();
  const server = new BlobsServer({ directory, token, ...(options.onRequest ? { onRequest: options.onRequest } : {}) });
  const { port } = await server.start();
  const proxy = options.latency ? await startDelayingProxy(port, options.latency) : null;
  const url = `http://127.0.0.1:${proxy?.port ?? port}`;
  const activate = () => connectTo({ siteID: options.siteID ?? 'local', token, url });
  activate();
  return {
    port,
    url,
    token,
    activate,
    directory,
    async stop() {
      proxy?.server.closeAllConnections();
      proxy?.server.close();
      await server.stop();
      if (!options.directory) await rm(directory, { recursive: true, force: true });
    },
  };
}
