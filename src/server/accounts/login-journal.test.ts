import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journal } from '~/server/journal/journal';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { withLoginJournaled } from './login-journal';

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

const NOW = new Date('2031-02-03T09:00:00.000Z');
const loginsOf = async (userId: string) =>
  (await journal.since(NOW, new Date(NOW.getTime() + 60_000))).filter((entry) => entry.userId === userId && entry.fact.kind === 'login');

describe('withLoginJournaled', () => {
  it('answers what the writes answer and journals one login', async () => {
    const userId = randomUUID();
    expect(await withLoginJournaled(userId, NOW, Promise.resolve('session'))).toBe('session');
    expect(await loginsOf(userId)).toHaveLength(1);
  });

  it('when a write of the sign-in fails, throws its error and leaves no login journaled', async () => {
    const userId = randomUUID();
    const failure = new Error('session not stored');
    // The session write fails after the journal entry has landed.
    const writes = new Promise<string>((_, reject) => setTimeout(() => reject(failure), 50));
    await expect(withLoginJournaled(userId, NOW, writes)).rejects.toBe(failure);
    expect(await loginsOf(userId)).toEqual([]);
  });
});
