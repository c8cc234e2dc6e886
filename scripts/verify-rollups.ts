/**
 * Checks the team figures: rebuilds them from the events (the journal and the learning records) up to the
 * stored rollup's watermark and compares them with the stored rollup, printing every difference. Read
 * only. Exits 0 when they are equal, 1 when they differ, 2 when there is no rollup to check.
 *
 *   npm run rollups:verify [-- --site-id unlinked]
 *
 * Storage: with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, the deployed site's Blobs; otherwise the local
 * dev server's data in .netlify/blobs-serve (site id 0; pass --site-id unlinked for `netlify serve`), or
 * another folder with --data (e.g. the data of `npm run serve:built -- --keep`, site id local-serve).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { verifyTeamRollup } from '~/server/team/team-rollup-verify';
import { connectBlobs } from './lib/blobs';

const show = (value: unknown) => JSON.stringify(value)?.slice(0, 160) ?? 'none';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'site-id': { type: 'string', default: '0' }, data: { type: 'string' } } });
  const disconnect = await connectBlobs(
    values['site-id'],
    values.data ? { directory: path.resolve(values.data), siteID: values['site-id'] } : undefined,
  );
  try {
    const result = await verifyTeamRollup();
    if (result.activityThrough === null) {
      console.log('No stored team rollup to check: a Team Progress load or `npm run rollups:rebuild` makes one.');
      return 2;
    }
    const scope = `${result.members} members, ${result.events} events before ${result.activityThrough}`;
    if (result.differences.length === 0) {
      console.log(`The team rollup equals its rebuild from the events (${scope}).`);
      return 0;
    }
    console.log(`The team rollup differs from its rebuild from the events in ${result.differences.length} figures (${scope}):`);
    for (const { path: where, stored, rebuilt } of result.differences)
      console.log(`  ${where}: rollup ${show(stored)}, events ${show(rebuilt)}`);
    console.log(
      result.journalDifferences === 0
        ? 'Against the journal alone it is equal: learning records lack their journal entries (a journal write failed after its record); `npm run rollups:rebuild` folds them in.'
        : `Against the journal alone, ${result.journalDifferences} figures differ: the rollup lost or doubled events; \`npm run rollups:rebuild\` recomputes it.`,
    );
    return 1;
  } finally {
    await disconnect();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
