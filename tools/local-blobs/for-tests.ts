/**
 * Vitest hooks for a test file that reads and writes Blobs: one local Blobs server for all its tests,
 * started before the first and stopped after the last.
 */
import { afterAll, beforeAll } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from './server';

export function useLocalBlobs(): void {
  let blobs: LocalBlobs;
  beforeAll(async () => {
    blobs = await startLocalBlobs();
  });
  afterAll(() => blobs.stop());
}
