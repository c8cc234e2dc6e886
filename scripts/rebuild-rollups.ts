/**
 * Rebuilds every user's team-progress rollup from the events alone (visits, sign-ins, quiz results,
 * challenge answers, lesson completions). Rollups are caches (DECISIONS.md "Data layout"): this is
 * always safe, also while the site serves requests, and fixes any rollup that missed an event.
 *
 *   npm run rollups:rebuild [-- --site-id unlinked]
 *
 * Storage: with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, the deployed site's Blobs; otherwise the local
 * dev server's data in .netlify/blobs-serve (site id 0; pass --site-id unlinked for `netlify serve`).
 */
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rebuildRollups } from '../src/lib/server/services/team-progress';

async function connect(localSiteId: string): Promise<() => Promise<void>> {
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

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'site-id': { type: 'string', default: '0' } } });
  const disconnect = await connect(values['site-id']);
  try {
    const started = performance.now();
    const { users, events } = await rebuildRollups();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Rebuilt the team-progress rollups of ${users} users from ${events} activity events in ${seconds} s.`);
  } finally {
    await disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
