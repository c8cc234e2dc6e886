/**
 * Runs one scheduled Netlify Function (netlify/functions/) now, as its schedule would:
 *
 *   npm run scheduled -- refresh-team-rollup [--site-id unlinked]
 *   npm run scheduled -- expire-sign-in-failures
 *
 * Storage: with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, the deployed site's Blobs; otherwise the local
 * dev server's data in .netlify/blobs-serve (site id 0; pass --site-id unlinked for `netlify serve`), or the
 * folder --data names (`npm run serve:built`'s data: --site-id local-serve). BLOBS_LATENCY and BLOBS_FAULTS
 * apply to local data as they do to `serve:built`.
 * With `netlify dev` or `npm run serve` running, `npx netlify functions:invoke <name>` does the same.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { connectBlobs } from './lib/blobs';

const FUNCTIONS = path.resolve('netlify/functions');
const names = readdirSync(FUNCTIONS)
  .filter((file) => file.endsWith('.mts'))
  .map((file) => file.replace(/\.mts$/, ''));

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'site-id': { type: 'string', default: '0' }, data: { type: 'string' } },
  });
  const name = positionals[0];
  if (!name || !names.includes(name)) {
    console.error(`Usage: npm run scheduled -- <${names.join('|')}> [--site-id <id>]`);
    process.exit(2);
  }
  const disconnect = await connectBlobs(values['site-id'], values.data ? path.resolve(values.data) : undefined);
  try {
    const { default: run } = (await import(pathToFileURL(path.join(FUNCTIONS, `${name}.mts`)).href)) as {
      default: () => Promise<Response>;
    };
    console.log(`${name}: running`); // the soak benchmark cuts a run off after this line
    const response = await run();
    console.log(`${name}: ${response.status} ${await response.text()}`);
  } finally {
    await disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
