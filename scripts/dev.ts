/**
 * `npm run dev` (and `npm start`): the Astro dev server with what a local run needs beside it — the
 * embedded identity provider (tools/local-oidc), so "Sign in with …" works with the demo accounts, the mail
 * capture (tools/local-mail) unless SMTP_URL names a real server — and without the routine request lines
 * (scripts/lib/request-log.ts; `--log-requests` shows them). `--reset-demo-data` starts from empty local data
 * (.netlify/blobs-serve): the demo accounts and the demo team are made again. Every other argument goes to `astro dev`.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { localMailUnlessConfigured } from '~tools/local-mail/for-local-run';
import { localOidcUnlessConfigured } from '~tools/local-oidc/for-local-run';
import { quietRequests } from './lib/request-log';

const logRequests = process.argv.includes('--log-requests');
const OUR_FLAGS = new Set(['--log-requests', '--reset-demo-data']);
const args = process.argv.slice(2).filter((arg) => !OUR_FLAGS.has(arg));
if (process.argv.includes('--reset-demo-data')) {
  await rm('.netlify/blobs-serve', { recursive: true, force: true });
  console.log('Local data emptied: the demo accounts and the demo team are made again on the first request.');
}
const portArgument = args.indexOf('--port');
const port = portArgument >= 0 ? Number(args[portArgument + 1]) : 4321;
// Astro moves to the next port when one is taken: the provider accepts the next few too.
const oidc = await localOidcUnlessConfigured(Array.from({ length: 10 }, (_, n) => port + n));
if (oidc) console.log(`Local identity provider at ${oidc.issuer} (demo accounts; README "Demo accounts").`);
const mail = await localMailUnlessConfigured();
if (mail) console.log(`Local mail capture at ${mail.url}: npm run mail lists what arrived.`);

// Piped, Astro would print without colours: keep them when this runs in a terminal. No update check: the version is
// pinned, and the check writes .astro/settings.json, which restarts every other dev server of this checkout (npm test's
// beside npm start's) in the middle of what it serves.
const env = {
  ...process.env,
  ASTRO_DISABLE_UPDATE_CHECK: 'true',
  ...(process.stdout.isTTY && !process.env['NO_COLOR'] ? { FORCE_COLOR: '1' } : {}),
};
const astro = spawn('npx', ['--no-install', 'astro', 'dev', ...args], {
  stdio: ['inherit', logRequests ? 'inherit' : 'pipe', 'inherit'],
  env,
});
if (astro.stdout) {
  const output = quietRequests((text) => process.stdout.write(text));
  astro.stdout.setEncoding('utf8');
  astro.stdout.on('data', (chunk: string) => output.push(chunk));
  astro.stdout.on('end', () => output.end());
}
const stop = (signal: NodeJS.Signals) => astro.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
astro.on('exit', (code) => {
  void Promise.all([oidc?.stop(), mail?.stop()]).finally(() => process.exit(code ?? 0));
});
