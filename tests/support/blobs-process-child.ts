/**
 * The child side of tests/support/blobs-process.ts: starts a local Blobs server with the options given
 * as JSON in argv, tells the parent where it listens, and stops (removing its data) when the parent
 * disconnects or exits.
 */
import { startLocalBlobs, type LocalBlobsOptions } from '~/lib/server/storage/local-server';
import type { BlobsProcessReady } from './blobs-process';

const options = JSON.parse(process.argv[2] ?? '{}') as Pick<LocalBlobsOptions, 'siteID' | 'latency'>;
const siteID = options.siteID ?? 'local';
const blobs = await startLocalBlobs({ ...options, siteID });
const ready: BlobsProcessReady = { url: blobs.url, token: blobs.token, siteID };
process.send?.(ready);
process.once('disconnect', () => {
  void blobs.stop().finally(() => process.exit(0));
});
