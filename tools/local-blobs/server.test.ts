// The local Blobs server: latency mode (its settings, the delay of each kind of operation, and that a
// request through it really waits: a lower bound only, nothing a slow machine could break) and the
// listing walk that replaces the emulator's.
import { BlobsServer } from '@netlify/blobs/server';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { blobsStoreName } from '~/server/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBlobs, listFolders, listKeys, readJSON, writeJSON } from '~/server/storage/blobs';
import { DEFAULT_LATENCY, delayFor, parseLatency } from './latency';
import { startLocalBlobs, type LocalBlobs } from './server';

describe('parseLatency', () => {
  it('reads on, off and field lists', () => {
    expect(parseLatency('on')).toEqual({ get: 40, set: 60, list: 60, jitter: 0.25 });
    expect(parseLatency('on')).toEqual(DEFAULT_LATENCY);
    expect(parseLatency(undefined)).toBeNull();
    expect(parseLatency('off')).toBeNull();
    expect(parseLatency('get=20,set=30,list=25,jitter=10%')).toEqual({ get: 20, set: 30, list: 25, jitter: 0.1 });
    expect(parseLatency('jitter=0.5')).toEqual({ ...DEFAULT_LATENCY, jitter: 0.5 });
    expect(parseLatency('get=100')).toEqual({ ...DEFAULT_LATENCY, get: 100 });
  });

  it.each(['get=-1', 'put=40', 'get=fast', 'get'])('refuses %s naming the setting', (text) => {
    expect(() => parseLatency(text)).toThrow(`Bad latency setting "${text}"`);
  });
});

describe('delayFor', () => {
  it('uses the get time for gets, the set time for sets and deletes, the list time for lists', () => {
    const latency = { get: 40, set: 60, list: 50, jitter: 0 };
    expect([delayFor(latency, 'get'), delayFor(latency, 'set'), delayFor(latency, 'delete'), delayFor(latency, 'list')]).toEqual([
      40, 60, 60, 50,
    ]);
  });

  it('spreads each delay by the jitter, both ways', () => {
    expect(delayFor(DEFAULT_LATENCY, 'get', () => 0)).toBe(30);
    expect(delayFor(DEFAULT_LATENCY, 'get', () => 0.5)).toBe(40);
    expect(delayFor(DEFAULT_LATENCY, 'set', () => 1)).toBe(75);
  });
});

describe('a local Blobs server in latency mode', () => {
  let blobs: LocalBlobs;
  beforeAll(async () => {
    blobs = await startLocalBlobs({ latency: { get: 30, set: 50, list: 40, jitter: 0 } });
  });
  afterAll(() => blobs.stop());

  const timed = async <T>(task: () => Promise<T>): Promise<[number, T]> => {
    const start = performance.now();
    const result = await task();
    return [performance.now() - start, result];
  };

  it('holds each operation for its simulated round trip and still answers correctly', async () => {
    const schema = z.strictObject({ n: z.number() });
    const [setMs, written] = await timed(() => writeJSON('latency/a', schema, { n: 1 }));
    const [getMs, read] = await timed(() => readJSON('latency/a', schema));
    const [listMs, keys] = await timed(() => listKeys('latency/'));
    expect([written, read, keys]).toEqual([true, { n: 1 }, ['latency/a']]);
    // Timers may fire up to a millisecond early; never sooner.
    expect(setMs).toBeGreaterThanOrEqual(49);
    expect(getMs).toBeGreaterThanOrEqual(29);
    expect(listMs).toBeGreaterThanOrEqual(39);
  });

  it('keeps create-only writes create-only', async () => {
    const schema = z.strictObject({ n: z.number() });
    expect(await writeJSON('latency/once', schema, { n: 1 }, { onlyIfNew: true })).toBe(true);
    expect(await writeJSON('latency/once', schema, { n: 2 }, { onlyIfNew: true })).toBe(false);
    expect(await readJSON('latency/once', schema)).toEqual({ n: 1 });
  });
});

// The walk that replaces the emulator's listing (consistentWalk): same keys under a prefix, nothing of a
// neighbouring prefix, folders when asked, and the etag a read of the same blob answers.
describe('listing on the local Blobs server', () => {
  let blobs: LocalBlobs;
  const schema = z.strictObject({ n: z.number() });
  beforeAll(async () => {
    blobs = await startLocalBlobs();
    for (const key of ['walk/u1/2026-11/a', 'walk/u1/2026-11/b', 'walk/u1/2026-12/c', 'walk/u10/2026-11/d', 'walk/u2/e']) {
      await writeJSON(key, schema, { n: key.length });
    }
  });
  afterAll(() => blobs.stop());

  it('lists every key under a prefix and none of a longer neighbour', async () => {
    expect(await listKeys('walk/u1/')).toEqual(['walk/u1/2026-11/a', 'walk/u1/2026-11/b', 'walk/u1/2026-12/c']);
    expect(await listKeys('walk/u1/2026-11/')).toEqual(['walk/u1/2026-11/a', 'walk/u1/2026-11/b']);
    expect(await listKeys('walk/u1')).toEqual(['walk/u1/2026-11/a', 'walk/u1/2026-11/b', 'walk/u1/2026-12/c', 'walk/u10/2026-11/d']);
    expect(await listKeys('walk/u3/')).toEqual([]);
    // A prefix that ends inside a folder's name, or names a blob, starts the walk in the folder above.
    expect(await listKeys('walk/u1/2026-1')).toEqual(['walk/u1/2026-11/a', 'walk/u1/2026-11/b', 'walk/u1/2026-12/c']);
    expect(await listKeys('walk/u1/2026-11/b')).toEqual(['walk/u1/2026-11/b']);
    expect(await listKeys('walk/u2/e/')).toEqual([]);
    expect(await listKeys('')).toHaveLength(5);
  });

  it('lists folders without the keys inside them', async () => {
    expect(await listFolders('walk/u1/')).toEqual(['walk/u1/2026-11/', 'walk/u1/2026-12/']);
  });

  it("answers the emulator's own etag (what its conditional writes compare)", async () => {
    const [listed] = await listBlobs('walk/u2/');
    const file = path.join(blobs.directory, 'entries', 'local', `site:${blobsStoreName()}`, 'walk', 'u2', 'e');
    expect(listed?.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(listed?.etag).toBe(await (BlobsServer as unknown as { generateETag(file: string): Promise<string> }).generateETag(file));
  });

  it('skips a write in progress (a temporary dot-file) and still lists every other key', async () => {
    const folder = path.join(blobs.directory, 'entries', 'local', `site:${blobsStoreName()}`, 'walk', 'u2');
    await writeFile(path.join(folder, '.e.tmp'), '{}');
    expect(await listKeys('walk/u2/')).toEqual(['walk/u2/e']);
    await rm(path.join(folder, '.e.tmp'));
  });
});
