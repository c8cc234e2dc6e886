/**
 * A local Netlify Blobs server (`BlobsServer` from @netlify/blobs) with the environment pointing at it:
 * what `npm run serve:built`, the operator CLI on local data, the benchmarks and every test use. Never
 * part of the deployed site (only scripts and tests import it).
 */
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface LocalBlobs {
  port: number;
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
  setEnvironmentContext({ siteID: options.siteID ?? 'local', token, edgeURL: url, uncachedEdgeURL: url });
  return {
    port,
    directory,
    async stop() {
      await server.stop();
      if (!options.directory) await rm(directory, { recursive: true, force: true });
    },
  };
}
