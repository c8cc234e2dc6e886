/**
 * Runs one scheduled Netlify Function (netlify/functions/) now, as its schedule would:
 *
 *   npm run scheduled -- refresh-team-rollup [--site-id unlinked]
 *   npm run scheduled -- expire-sign-in-failures
 *   npm run scheduled -- send-digests [--data DIR] [--now ISO-TIME] [--dry-run]
 *
 * `--data` reads the folder `npm run serve:built -- --keep --data DIR` serves. `--now` runs the pass as if at
 * that time; `--dry-run` prints who would get what and sends nothing. Mail goes to SMTP_URL, else to an
 * embedded capture server whose messages `npm run mail` lists. Deployed, `send-digests` asks the site to
 * run the pass (it reads the content, built into the site's function); here the pass itself runs, the
 * service loaded through Astro's Vite server, which serves the content.
 *
 * Storage: with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, the deployed site's Blobs; otherwise the local
 * dev server's data in .netlify/blobs-serve (site id 0; pass --site-id unlinked for `netlify serve`), or the
 * folder --data names (`npm run serve:built`'s data). BLOBS_LATENCY and BLOBS_FAULTS apply to local data as
 * they do to `serve:built`.
 * With `netlify dev` or `npm run serve` running, `npx netlify functions:invoke <name>` does the same.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { getViteConfig } from 'astro/config';
import { createServer } from 'vite';
import type { backgroundWorkDone } from '~/server/background';
import type { DigestPassRun, runDigestPass } from '~/server/digest/send-digests';
import { localMailUnlessConfigured } from '~tools/local-mail/for-local-run';
import syncContent from '~tools/sync-content';
import { connectBlobs } from './lib/blobs';

const FUNCTIONS = path.resolve('netlify/functions');
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
    if (name === 'send-digests') printDigestPass(await runDigestPassHere(now ?? new Date(), values['dry-run']), values['dry-run']);
    else {
      const module = (await import(pathToFileURL(path.join(FUNCTIONS, `${name}.mts`)).href)) as ScheduledModule;
      console.log(`${name}: running`); // the soak benchmark cuts a run off after this line
      const response = await module.default();
      console.log(`${name}: ${response.status} ${await response.text()}`);
    }
    if (mail && mail.received.length > 0) console.log(`${mail.received.length} message(s) captured: npm run mail`);
  } finally {
    await Promise.all([disconnect(), mail?.stop()]);
  }
}

interface ScheduledModule {
  default: () => Promise<Response>;
}

/** The digest pass in this process: the service, with the content, through Astro's Vite server in dev mode. */
async function runDigestPassHere(now: Date, dryRun: boolean): Promise<DigestPassRun> {
  syncContent();
  const config = await getViteConfig({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'silent' })({
    mode: 'development',
    command: 'serve',
  });
  const server = await createServer(config);
  try {
    const service = (await server.ssrLoadModule('/src/server/digest/send-digests.ts')) as { runDigestPass: typeof runDigestPass };
    const background = (await server.ssrLoadModule('/src/server/background.ts')) as { backgroundWorkDone: typeof backgroundWorkDone };
    const run = await service.runDigestPass({ now, dryRun });
    await background.backgroundWorkDone();
    return run;
  } finally {
    // Astro builds its dev app in the background; closing before it is ready logs a spurious error.
    await (server as unknown as Record<symbol, Promise<void> | undefined>)[Symbol.for('astro.devServerAppReady')];
    await server.close();
  }
}

function printDigestPass(run: DigestPassRun, dryRun: boolean): void {
  if (run.skipped) return void console.log(`send-digests: ${run.skipped}`);
  console.log(
    `send-digests${dryRun ? ' (dry run)' : ''}: hours ${run.hours.join(', ')}; ${run.considered} due, ${run.nothingToDo} with nothing to do`,
  );
  for (const outcome of run.outcomes) console.log(`  ${outcome.result.padEnd(7)} ${outcome.to}: ${outcome.subject}`);
  if (!run.finished) console.log('  (time budget spent: the next pass goes on)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
