/**
 * Runs one scheduled Netlify Function (netlify/functions/) now, as its schedule would:
 *
 *   npm run scheduled -- refresh-team-rollup [--site-id unlinked]
 *   npm run scheduled -- expire-sign-in-failures
 *   npm run scheduled -- send-digests [--data DIR] [--now ISO-TIME] [--dry-run]
 *
 * `--data` reads the folder `npm run serve:built -- --keep --data DIR` serves. `--now` runs the pass as if at
 * that time; `--dry-run` prints who would get what and sends nothing. Mail goes to SMTP_URL, else to an
 * embedded capture server whose messages `npm run mail` lists.
 *
 * Storage: with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, the deployed site's Blobs; otherwise the local
 * dev server's data in .netlify/blobs-serve (site id 0; pass --site-id unlinked for `netlify serve`).
 * With `netlify dev` or `npm run serve` running, `npx netlify functions:invoke <name>` does the same.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { getViteConfig } from 'astro/config';
import { createServer } from 'vite';
import { localMailUnlessConfigured } from '~tools/local-mail/for-local-run';
import syncContent from '~tools/sync-content';
import { connectBlobs } from './lib/blobs';

const FUNCTIONS = path.resolve('netlify/functions');
const READS_CONTENT = new Set(['send-digests']);
const names = readdirSync(FUNCTIONS)
  .filter((file) => file.endsWith('.mts'))
  .map((file) => file.replace(/\.mts$/, ''));

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      'site-id': { type: 'string', default: '0' },
      data: { type: 'string' },
      now: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const name = positionals[0];
  const now = values.now === undefined ? undefined : new Date(values.now);
  if (!name || !names.includes(name) || (now !== undefined && Number.isNaN(now.getTime()))) {
    console.error(`Usage: npm run scheduled -- <${names.join('|')}> [--site-id <id>] [--data DIR] [--now ISO-TIME] [--dry-run]`);
    process.exit(2);
  }
  // serve:built keeps its data under the site id "local-serve".
  const disconnect = await connectBlobs(
    values['site-id'],
    values.data === undefined ? undefined : { directory: values.data, siteID: 'local-serve' },
  );
  const deployed = Boolean(process.env['NETLIFY_SITE_ID'] && process.env['NETLIFY_AUTH_TOKEN']);
  if (!deployed) process.env['PARCELWISE_LOCAL'] ??= 'true';
  const mail = deployed ? null : await localMailUnlessConfigured();
  try {
    const { module, close } = await loadFunction(name);
    const response = await module.default(undefined, { ...(now ? { now } : {}), dryRun: values['dry-run'] }).finally(close);
    const body = await response.text();
    if (name === 'send-digests') printDigestPass(JSON.parse(body) as DigestSummary, values['dry-run']);
    else console.log(`${name}: ${response.status} ${body}`);
    if (mail && mail.received.length > 0) console.log(`${mail.received.length} message(s) captured: npm run mail`);
  } finally {
    await Promise.all([disconnect(), mail?.stop()]);
  }
}

interface ScheduledModule {
  default: (request?: Request, options?: { now?: Date; dryRun?: boolean }) => Promise<Response>;
}

/** Functions that read the content (astro:content) run inside Astro's Vite server in dev mode; others are imported. */
async function loadFunction(name: string): Promise<{ module: ScheduledModule; close: () => Promise<void> }> {
  const file = path.join(FUNCTIONS, `${name}.mts`);
  if (!READS_CONTENT.has(name)) return { module: (await import(pathToFileURL(file).href)) as ScheduledModule, close: async () => {} };
  syncContent();
  const config = await getViteConfig({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'silent' })({
    mode: 'development',
    command: 'serve',
  });
  const server = await createServer(config);
  return { module: (await server.ssrLoadModule(file)) as ScheduledModule, close: () => server.close() };
}

interface DigestSummary {
  hours?: string[];
  considered?: number;
  nothingToDo?: number;
  outcomes?: Array<{ to: string; subject: string; result: string }>;
  finished?: boolean;
  reason?: string;
}

function printDigestPass(summary: DigestSummary, dryRun: boolean): void {
  if (summary.reason) return void console.log(`send-digests: ${summary.reason}`);
  console.log(
    `send-digests${dryRun ? ' (dry run)' : ''}: hours ${summary.hours?.join(', ')}; ${summary.considered} due, ${summary.nothingToDo} with nothing to do`,
  );
  for (const outcome of summary.outcomes ?? []) console.log(`  ${outcome.result.padEnd(7)} ${outcome.to}: ${outcome.subject}`);
  if (summary.finished === false) console.log('  (time budget spent: the next pass goes on)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
