/**
 * Blobs for the operator scripts: the deployed site's store when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN
 * are set, otherwise the local dev data in .netlify/blobs-serve (site id 0 for `npm run dev`,
 * "unlinked" for `netlify serve`), or another folder of local data, in latency and fault mode when
 * BLOBS_LATENCY and BLOBS_FAULTS say so. Returns the function that disconnects.
 */
import { setEnvironmentContext } from '@netlify/blobs';
import path from 'node:path';
import { parseFaults } from '~tools/local-blobs/faults';
import { parseLatency } from '~tools/local-blobs/latency';
import { startLocalBlobs } from '~tools/local-blobs/server';

export async function connectBlobs(localSiteId: string, local?: { directory: string; siteID: string }): Promise<() => Promise<void>> {
  const siteID = process.env['NETLIFY_SITE_ID'];
  const token = process.env['NETLIFY_AUTH_TOKEN'];
  if (siteID && token) {
    setEnvironmentContext({ siteID, token });
    return async () => {};
  }
  // The emulator walks files to list: a whole journal takes longer than a request on Netlify.
  process.env['BLOBS_TIMEOUT_MS'] ??= '60000';
  const latency = parseLatency(process.env['BLOBS_LATENCY']);
  const faults = parseFaults(process.env['BLOBS_FAULTS']);
  const server = await startLocalBlobs({
    ...(local
      ? { directory: path.resolve(local.directory), siteID: local.siteID }
      : { directory: path.resolve('.netlify/blobs-serve'), siteID: localSiteId }),
    latency,
    faults,
  });
  return () => server.stop();
}
