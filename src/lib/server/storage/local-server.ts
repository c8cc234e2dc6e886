/**
 * A local Netlify Blobs server (`BlobsServer` from @netlify/blobs) with the environment pointing at it:
 * what `npm run serve:built`, the operator CLI on local data, the benchmarks and every test use. Never
 * part of the deployed site (only scripts and tests import it).
 *
 * Latency mode (`latency` option; `--latency` of serve:built and the benchmarks): the local server
 * answers in well under a millisecond, Netlify Blobs in tens of milliseconds from a function. With it,
 * every request waits in the server before it is answered — by default 40 ms for a get, 60 ms for a set, a
 * delete or a list page, each ±25 % — so figures measured locally show the cost of round trips.
 */
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { createHmac, randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
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

type RequestHandler = (request: Request) => Promise<Response>;

/**
 * Holds each request the server answers for its simulated round trip. The wait is in the server itself,
 * not in a proxy in front of it: a proxy parsed every request twice and cost the emulator's process
 * about as much CPU as the server did, CPU a real Blobs service never takes from the machine.
 */
function delayRequests(server: BlobsServer, latency: BlobsLatency): void {
  const emulator = server as unknown as { handleRequest: RequestHandler };
  const answer = emulator.handleRequest.bind(server);
  emulator.handleRequest = async (request) => {
    const { kind } = blobOperationOf(request.method, request.url);
    await new Promise((resolve) => setTimeout(resolve, delayFor(latency, kind)));
    return answer(request);
  };
}

interface WalkOptions {
  directories: boolean;
  path: string;
  prefix: string;
  rootPath: string;
  result: { blobs?: Array<{ etag: string; key: string; last_modified: string; size: number }>; directories?: string[] };
}
type EmulatorStatics = { walk(options: WalkOptions): Promise<void> };
/** What a walk collects, whichever folder it is in. */
type WalkTarget = Pick<WalkOptions, 'directories' | 'prefix' | 'result'>;

/**
 * The emulator's listing walks the folders with readdir, then stat per entry; a write in progress leaves a
 * temporary `.xyz` file that is renamed a moment later, and the stat of a vanished entry aborts the WHOLE
 * listing, which then answers what it had so far (keys silently missing). Netlify Blobs itself lists
 * consistently, and throttling (services/throttle.ts) relies on that. This walk skips temporary files and
 * entries that vanish, and is otherwise the emulator's own (same keys, etags, prefixes, directories),
 * except that it is cheaper, as Netlify lists from an index and the emulator's CPU is not the site's:
 * it starts in the folder the prefix names instead of the store's root, leaves entries outside the
 * prefix before any stat, builds keys by joining names instead of resolving paths, stats each file once,
 * synchronously (a listing of one user's 170 answers took ~6 ms of the emulator's CPU in promises), and
 * keeps what it learnt of a folder until the folder changes (folderIndex below).
 */
async function consistentWalk(options: WalkOptions): Promise<void> {
  const { prefix, rootPath } = options;
  // Keys are file paths under the store on POSIX systems; on Windows the emulator encodes their names.
  const startKey = options.path === rootPath && process.platform !== 'win32' ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : '';
  const startFolder = startKey === '' ? options.path : path.join(rootPath, ...startKey.split('/').filter(Boolean));
  const folderKey = startKey === '' ? keyOf(rootPath, options.path) : startKey;
  await walkFolder(options, startFolder, folderKey);
}

/** The key of a folder under the store's root, with its trailing slash ('' for the root itself). */
function keyOf(rootPath: string, folder: string): string {
  const relative = path.relative(rootPath, folder).split(path.sep).join('/');
  return relative === '' ? '' : `${relative}/`;
}

/** What a folder of the store held when last walked: its entries, and what each file's listing says. */
interface FolderIndex {
  mtimeMs: number;
  entries: Array<{ name: string; isFolder: boolean }>;
  files: Map<string, { etag: string; last_modified: string; size: number } | null>;
}

/**
 * Folders walked before, valid while the folder's mtime is unchanged: the emulator writes a blob to a
 * temporary file renamed into place and deletes with rm, and both change the folder's mtime. A folder
 * changed within the last RACY_MS is never trusted, as file times come from a coarse clock and a second
 * change in the same tick would leave the mtime as it was (git's "racily clean" rule). Netlify lists from
 * an index too; this one spares the emulator's core a stat and an HMAC per listed blob.
 */
const folderIndexes = new Map<string, FolderIndex>();
const RACY_MS = 50;
const MAX_INDEXED_FOLDERS = 10_000;

async function folderIndex(folder: string): Promise<FolderIndex | null> {
  const info = statSync(folder, { throwIfNoEntry: false });
  if (!info?.isDirectory()) return null;
  const known = folderIndexes.get(folder);
  if (known && known.mtimeMs === info.mtimeMs) return known;
  const read = await readdir(folder, { withFileTypes: true }).catch(() => null); // gone since the stat
  const entries = (read ?? [])
    .filter((entry) => !entry.name.startsWith('.')) // a write in progress
    .map((entry) => ({ name: entry.name, isFolder: entry.isDirectory() }));
  const index: FolderIndex = { mtimeMs: info.mtimeMs, entries, files: new Map() };
  if (read !== null && Date.now() - info.mtimeMs > RACY_MS) {
    if (folderIndexes.size >= MAX_INDEXED_FOLDERS) folderIndexes.clear();
    folderIndexes.set(folder, index);
  } else {
    folderIndexes.delete(folder);
  }
  return index;
}

/** A file's listing entry: stat-ed once per index; null when it vanished since the readdir. */
function fileListing(index: FolderIndex, entryPath: string, name: string) {
  if (!index.files.has(name)) index.files.set(name, statListing(entryPath));
  return index.files.get(name)!;
}

function statListing(entryPath: string) {
  const info = statSync(entryPath, { throwIfNoEntry: false });
  if (!info) return null;
  // The emulator's etag (generateETag: an HMAC of the path keyed by the mtime), without its second stat.
  const modified = info.mtime.toISOString();
  return { etag: `"${createHmac('sha256', modified).update(entryPath).digest('hex')}"`, last_modified: modified, size: info.size };
}

async function walkFolder(target: WalkTarget, folder: string, folderKey: string): Promise<void> {
  const { directories, prefix, result } = target;
  const index = await folderIndex(folder);
  if (!index) return;
  const folders: Array<{ folderPath: string; key: string }> = [];
  for (const entry of index.entries) {
    const key = folderKey + entry.name;
    // Outside the prefix (neither under it nor a folder on the way to it): left before any stat.
    if (!prefix.startsWith(key.slice(0, prefix.length))) continue;
    const entryPath = folder + path.sep + entry.name;
    if (entry.isFolder) {
      folders.push({ folderPath: entryPath, key });
      continue;
    }
    const listing = fileListing(index, entryPath, entry.name);
    if (listing) result.blobs?.push({ key, ...listing });
  }
  for (const { folderPath, key } of folders) {
    if (directories && key.startsWith(prefix)) result.directories?.push(key);
    else await walkFolder(target, folderPath, `${key}/`);
  }
}
(BlobsServer as unknown as EmulatorStatics).walk = consistentWalk;

/** Points this process's Netlify Blobs client at a local server (this process's or another's). */
export function connectTo({ siteID, token, url }: { siteID: string; token: string; url: string }): void {
  setEnvironmentContext({ siteID, token, edgeURL: url, uncachedEdgeURL: url });
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
  /** Simulated round-trip times (see the top of this file); none when left out or null. */
  latency?: BlobsLatency | null;
}

export async function startLocalBlobs(options: LocalBlobsOptions = {}): Promise<LocalBlobs> {
  const directory = options.directory ?? (await mkdtemp(path.join(tmpdir(), 'parcelwise-blobs-')));
  const token = randomUUID();
  const server = new BlobsServer({ directory, token, ...(options.onRequest ? { onRequest: options.onRequest } : {}) });
  if (options.latency) delayRequests(server, options.latency);
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const activate = () => connectTo({ siteID: options.siteID ?? 'local', token, url });
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
