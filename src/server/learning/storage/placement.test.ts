// A person's placement checks of a module against a local BlobsServer: one document read in one call, written
// only if unchanged since read, so two tabs submitting at once store one result and a late drawing never
// replaces a result.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { placement } from './placement';

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(() => blobs.stop());

const open = { startedAt: '2030-03-10T10:00:00.000Z', questions: ['7:q1', '7:q2'] };
const result = (score: number) => ({
  submittedAt: '2030-03-10T10:05:00.000Z',
  questions: ['7:q1', '7:q2'],
  score,
  threshold: 80,
  passed: score >= 80,
  lessons: [{ id: 201, known: score >= 80 }],
  testedOut: score >= 80 ? [201] : [],
});

describe('placement storage', () => {
  it('reads nothing as no tries, then what was written, with the version a write must find', async () => {
    const userId = randomUUID();
    const none = await placement.read(userId, 2);
    expect(none).toEqual({ open: null, results: [], etag: null });
    expect(await placement.write(userId, 2, { open, results: [] }, none)).toBe(true);
    const drawn = await placement.read(userId, 2);
    expect(drawn).toMatchObject({ open, results: [] });
    expect(drawn.etag).not.toBeNull();
    expect(await placement.write(userId, 2, { open: null, results: [result(100)] }, drawn)).toBe(true);
    expect(await placement.read(userId, 2)).toMatchObject({ open: null, results: [result(100)] });
  });

  it('two tabs submitting the same read store one result; a drawing made before it never replaces it', async () => {
    const userId = randomUUID();
    await placement.write(userId, 2, { open, results: [] }, { etag: null });
    const read = await placement.read(userId, 2);
    const [first, second] = await Promise.all([
      placement.write(userId, 2, { open: null, results: [result(100)] }, read),
      placement.write(userId, 2, { open: null, results: [result(0)] }, read),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const stored = await placement.read(userId, 2);
    expect(stored.results).toHaveLength(1);
    expect(await placement.write(userId, 2, { open, results: [] }, read)).toBe(false);
    expect(await placement.write(userId, 2, { open, results: [] }, { etag: null })).toBe(false);
    expect(await placement.read(userId, 2)).toEqual(stored);
  });

  it("lists the modules of a person's checks and reads their results, oldest first", async () => {
    const userId = randomUUID();
    await placement.write(userId, 1, { open, results: [] }, { etag: null });
    await placement.write(userId, 3, { open: null, results: [result(0), result(100)] }, { etag: null });
    await placement.write(randomUUID(), 4, { open, results: [] }, { etag: null });
    const modules = await placement.modules(userId);
    expect(modules.sort()).toEqual([1, 3]);
    expect(await placement.results(userId, modules)).toEqual([
      { moduleId: 1, results: [] },
      { moduleId: 3, results: [result(0), result(100)] },
    ]);
  });
});
