/**
 * Blobs for the operator scripts: the deployed site's store when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN
 * are set, otherwise the local dev data in .netlify/blobs-serve (site id 0 for `npm run dev`,
 * "unlinked" for `netlify serve`). Returns the function that disconnects.
 */
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

export async function connectBlobs(localSiteId: string): Promise<() => Promise<void>> {
  const siteID = process.env['NETLIFY_SITE_ID'];
  const token = process.env['NETLIFY_AUTH_TOKEN'];
  if (siteID && token) {
    setEnvironmentContext({ siteID, token });
    return async () => {};
  }
  const serverToken = randomUUID();
  const server = new BlobsServer({ directory: path.resolve('.netlify/blobs-serve'), token: serverToken });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ siteID: localSiteId, token: serverToken, edgeURL: url, uncachedEdgeURL: url });
  return () => server.stop();
}
