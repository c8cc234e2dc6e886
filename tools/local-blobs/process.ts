/**
 * A local Blobs server in a process of its own, for the round-trip test and `npm run bench:latency`.
 * On Netlify, Blobs is a separate service: its work never takes CPU from the function. In process, the
 * emulator (a file per blob, a stat per listed file) and its HTTP handling took more of the event loop
 * than the pages themselves, so at 20 concurrent clients the benchmark measured the emulator. Here it
 * runs beside the function, on the machine's other core, and the environment points at it.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BlobsFaults } from './faults';
import type { BlobsLatency } from './latency';
import { connectTo } from './server';

/** What the child sends once its server listens. */
export interface BlobsProcessReady {
  url: string;
  token: string;
  siteID: string;
}

export interface BlobsProcess {
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./process-child.ts', import.meta.url));

export async function startBlobsProcess(
  options: { siteID?: string; latency?: BlobsLatency | null; faults?: BlobsFaults | null } = {},
): Promise<BlobsProcess> {
  const child = fork(CHILD, [JSON.stringify({ siteID: options.siteID })], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<BlobsProcessReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as BlobsProcessReady));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The Blobs server process exited (code ${code}) before it listened.`)));
  });
  connectTo(ready, options.latency ?? null, options.faults ?? null);
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}
