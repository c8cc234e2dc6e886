// The local trace of Blobs operations: classification of Blobs HTTP requests, the longest chain of
// sequential operations, background work kept off the critical path, and the Server-Timing text.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inBackground, withRequestScope } from '~/server/background';
import { readJSON, writeJSON } from '~/server/storage/blobs';
import { afterAll, beforeAll } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from './server';
import { blobOperationOf, longestChain, serverTiming, settled, summarize, withTrace, type BlobOperation, type RequestTrace } from './trace';

const op = (start: number, end: number, extra: Partial<BlobOperation> = {}): BlobOperation => ({
  kind: 'get',
  key: 'k',
  start,
  end,
  background: false,
  ...extra,
});

describe('blobOperationOf', () => {
  it.each([
    ['GET', 'http://127.0.0.1:1/site/site%3Alearning-hub/users%2Fabc', 'get', 'users/abc'],
    ['GET', 'http://127.0.0.1:1/site/site:learning-hub/users/abc', 'get', 'users/abc'],
    ['HEAD', 'http://127.0.0.1:1/site/site:learning-hub/users/abc', 'get', 'users/abc'],
    ['PUT', 'http://127.0.0.1:1/site/site:learning-hub/activity/2026-01-01/00/00/x', 'set', 'activity/2026-01-01/00/00/x'],
    ['DELETE', 'http://127.0.0.1:1/site/site:learning-hub/failed-logins/d/e', 'delete', 'failed-logins/d/e'],
    ['GET', 'http://127.0.0.1:1/site/site:learning-hub?prefix=quiz-results%2Fu%2F', 'list', 'quiz-results/u/'],
    ['GET', 'http://127.0.0.1:1/site/site:learning-hub?prefix=a%2F&cursor=xyz', 'list', 'a/'],
    ['GET', 'https://edge.example/region:us-east-1/site/site:learning-hub/users/abc', 'get', 'users/abc'],
    ['GET', 'https://api.netlify.com/api/v1/blobs/site/site:learning-hub/users/abc', 'get', 'users/abc'],
    ['GET', 'https://api.netlify.com/api/v1/blobs/site/site:learning-hub?prefix=users%2F', 'list', 'users/'],
  ])('%s %s is a %s of %s', (method, url, kind, key) => {
    expect(blobOperationOf(method, url)).toEqual({ kind, key });
  });
});

describe('longestChain', () => {
  it('counts operations that follow one another, not those that overlap', () => {
    expect(longestChain([])).toBe(0);
    expect(longestChain([op(0, 10), op(1, 11), op(2, 12)])).toBe(1); // three at once
    expect(longestChain([op(0, 10), op(10, 20), op(20, 30)])).toBe(3); // each starts when the last ends
    // session, then three parallel reads, then a write: 3
    expect(longestChain([op(0, 40), op(41, 80), op(41, 95), op(42, 70), op(96, 150)])).toBe(3);
  });

  it('finds the chain through a long operation and short ones beside it', () => {
    // a 100 ms listing beside two short reads one after the other: the reads are the chain of 2
    expect(longestChain([op(0, 100), op(0, 40), op(45, 90)])).toBe(2);
    expect(longestChain([op(0, 100), op(0, 40), op(45, 90), op(101, 120)])).toBe(3);
  });
});

describe('summarize and serverTiming', () => {
  it('leaves background operations off the critical path and counts the time Blobs kept the request waiting', () => {
    const trace: RequestTrace = { operations: [] };
    trace.operations.push(
      op(0, 40),
      op(10, 50, { kind: 'list' }),
      op(60, 100, { kind: 'set' }),
      op(100, 160, { kind: 'set', background: true }),
    );
    expect(summarize(trace)).toEqual({
      operations: 3,
      sequential: 2,
      background: 1,
      waitingMs: 90,
      byKind: { get: 1, list: 1, set: 1, delete: 0 },
    });
    expect(serverTiming(trace)).toBe('blobs;dur=90.0;desc="3 ops, 2 sequential, 1 in background"');
    expect(serverTiming({ operations: [] })).toBe('blobs;dur=0.0;desc="0 ops, 0 sequential"');
  });
});

describe('tracing requests to a local Blobs server', () => {
  let blobs: LocalBlobs;
  const schema = z.strictObject({ n: z.number() });
  beforeAll(async () => {
    blobs = await startLocalBlobs();
  });
  afterAll(() => blobs.stop());

  it('records the operations made inside a trace, in nested calls too, and none outside', async () => {
    await readJSON('trace/outside', schema);
    const trace = await withTrace(async (opened) => {
      await Promise.all([readJSON('trace/a', schema), writeJSON('trace/b', schema, { n: 1 })]);
      // a nested trace records into the outer one
      await withTrace((inner) => {
        expect(inner).toBe(opened);
        return readJSON('trace/b', schema);
      });
      return opened;
    });
    expect(trace.operations.map((o) => `${o.kind} ${o.key}`).sort()).toEqual(['get trace/a', 'get trace/b', 'set trace/b']);
    expect(summarize(trace).sequential).toBe(2);
  });

  it('marks the operations of background work and waits for them', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const trace = await withTrace(async (opened) => {
      await withRequestScope({ signedIn: Promise.resolve(true) }, async () => {
        inBackground('a cache save', async () => {
          await gate;
          await writeJSON('trace/cache', schema, { n: 2 });
        });
        await readJSON('trace/record', schema);
      });
      return opened;
    });
    release();
    await settled();
    expect(trace.operations.map((o) => [o.key, o.background])).toEqual([
      ['trace/record', false],
      ['trace/cache', true],
    ]);
    expect(summarize(trace)).toMatchObject({ operations: 1, background: 1 });
  });
});
