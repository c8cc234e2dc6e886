/**
 * The child side of tools/local-blobs/process.ts: starts a local Blobs server with the options given
 * as JSON in argv, tells the parent where it listens, and stops (removing its data) when the parent
 * disconnects or exits.
 */
import type { BlobsProcessReady } from './process';
import { startLocalBlobs } from './server';

const options = JSON.parse(process.argv[2] ?? '{}') as { siteID?: string };
const siteID = options.siteID ?? 'local';
const blobs = await startLocalBlobs({ siteID });
const ready: BlobsProcessReady = { url: blobs.url, token: blobs.token, siteID };
process.send?.(ready);
process.once('disconnect', () => {
  void blobs.stop().finally(() => process.exit(0));
});
