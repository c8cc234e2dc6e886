/**
 * A local Netlify Blobs server (`BlobsServer` from @netlify/blobs) with the environment pointing at it:
 * what `npm run serve:built`, the operator CLI on local data, the benchmarks and every test use. Never
 * part of the deployed site (only scripts and tests import it).
 */
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface WalkOptions {
  directories: boolean;
  path: string;
  prefix: string;
  rootPath: string;
  result: { blobs?: Array<{ etag: string; key: string; last_modified: string; size: number }>; directories?: string[] };
}
type EmulatorStatics = { walk(options: WalkOptions): Promise<void>; generateETag(file: string): Promise<string> };

/**
 * The emulator's listing walks the folders with readdir, then stat per entry; a write in progress leaves a
 * temporary `.xyz` file that is renamed a moment later, and the stat of a vanished entry aborts the WHOLE
 * listing, which then answers what it had so far (keys silently missing). Netlify Blobs itself lists
 * consistently, and throttling (services/throttle.ts) relies on that. This walk skips temporary files and
 * entries that vanish, and is otherwise the emulator's own (same keys, etags, prefixes, directories).
 */
async function consistentWalk(this: EmulatorStatics, options: WalkOptions): Promise<void> {
  const { directories, prefix, result, rootPath } = options;
  const entries = await readdir(options.path).catch(() => [] as string[]);
  for (const entry of entries) {
    if (entry.startsWith('.')) continue; // a write in progress
    const entryPath = path.join(options.path, entry);
    const info = await stat(entryPath).catch(() => null);
    if (!info) continue; // vanished since readdir
    const key = path.relative(rootPath, entryPath).split(path.sep).join('/');
    if (!prefix.startsWith(key.slice(0, prefix.length))) continue;
    if (!info.isDirectory()) {
      const etag = await this.generateETag(entryPath).catch(() => null);
      if (etag !== null) result.blobs?.push({ etag, key, last_modified: info.mtime.toISOString(), size: info.size });
      continue;
    }
    if (directories && key.startsWith(prefix)) {
      result.directories?.push(key);
      continue;
    }
    await this.walk({ ...options, path: entryPath });
  }
}
(BlobsServer as unknown as EmulatorStatics).walk = consistentWalk;

export interface LocalBlobs {
  port: number;
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
}

export async function startLocalBlobs(options: LocalBlobsOptions = {}): Promise<LocalBlobs> {
  const directory = options.directory ?? (await mkdtemp(path.join(tmpdir(), 'parcelwise-blobs-')));
  const token = randomUUID();
  const server = new BlobsServer({ directory, token, ...(options.onRequest ? { onRequest: options.onRequest } : {}) });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const activate = () => setEnvironmentContext({ siteID: options.siteID ?? 'local', token, edgeURL: url, uncachedEdgeURL: url });
  activate();
  return {
    port,
    activate,
    directory,
    async stop() {
      await server.stop();
      if (!options.directory) await rm(directory, { recursive: true, force: true });
    },
  };
}
