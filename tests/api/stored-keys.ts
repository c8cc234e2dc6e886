/**
 * What the local Blobs server of an in-process test app holds (files under entries/<site>/site:<store>/<key>):
 * the keys under a prefix, and removing one, to check that a repeated write stores nothing new and to
 * stand in for a write that failed half-way.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from './harness';

const storeOf = (app: TestApp) => path.join(app.blobsDirectory!, 'entries', 'api-tests', 'site:learning-hub');

/** Every key under a prefix (`activity/`, `review-answers/<user>/`…), sorted. */
export async function storedKeys(app: TestApp, prefix: string): Promise<string[]> {
  const root = storeOf(app);
  const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
  const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((key) => key.startsWith(prefix))
    .sort();
}

/** The journal keys of one person (`activity/…/<id>.<user>.<fact>`), sorted. */
export async function journalKeysOf(app: TestApp, userId: string): Promise<string[]> {
  return (await storedKeys(app, 'activity/')).filter((key) => key.includes(`.${userId}.`));
}

/** Removes one stored key: a write that never landed. */
export async function removeStored(app: TestApp, key: string): Promise<void> {
  await rm(path.join(storeOf(app), ...key.split('/')));
}
