/**
 * Rebuilds every user's team-progress rollup from the events alone (visits, sign-ins, quiz results,
 * challenge answers, lesson completions). Rollups are caches (docs/decisions.md "Data layout"): this is
 * always safe, also while the site serves requests, and fixes any rollup that missed an event.
 *
 *   npm run rollups:rebuild [-- --site-id unlinked]
 *
 * Storage: with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, the deployed site's Blobs; otherwise the local
 * dev server's data in .netlify/blobs-serve (site id 0; pass --site-id unlinked for `netlify serve`).
 */
import { parseArgs } from 'node:util';
import { connectBlobs } from './lib/blobs';
import { rebuildRollups } from '~/server/team/team-rollup';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'site-id': { type: 'string', default: '0' } } });
  const disconnect = await connectBlobs(values['site-id']);
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
