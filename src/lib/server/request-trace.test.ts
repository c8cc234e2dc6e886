// The per-request trace of Blobs operations: classification of Blobs HTTP requests, the longest chain of
// sequential operations, background work kept off the critical path, and the Server-Timing text.
import { describe, expect, it } from 'vitest';
import {
  backgroundWorkDone,
  blobOperationOf,
  inBackground,
  longestChain,
  newTrace,
  serverTiming,
  settled,
  summarize,
  traceOperation,
  withTrace,
  type BlobOperation,
} from './request-trace';

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
    const trace = newTrace();
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
    expect(serverTiming(newTrace())).toBe('blobs;dur=0.0;desc="0 ops, 0 sequential"');
  });
});

describe('tracing a request', () => {
  it('records operations made inside a trace, in nested calls too, and none outside', async () => {
    await traceOperation('get', 'outside', async () => 1);
    const trace = await withTrace(newTrace, async (opened) => {
      await Promise.all([traceOperation('get', 'a', async () => 1), traceOperation('list', 'b/', async () => [])]);
      // a nested trace (the middleware inside a test's trace) records into the outer one
      await withTrace(newTrace, (inner) => {
        expect(inner).toBe(opened);
        return traceOperation('set', 'c', async () => true);
      });
      return opened;
    });
    expect(trace.operations.map((o) => `${o.kind} ${o.key}`)).toEqual(['get a', 'list b/', 'set c']);
  });

  it('records failed operations too', async () => {
    const trace = newTrace();
    await expect(
      withTrace(
        () => trace,
        () =>
          traceOperation('get', 'broken', async () => {
            throw new Error('down');
          }),
      ),
    ).rejects.toThrow('down');
    expect(trace.operations).toHaveLength(1);
  });

  it('runs background work through waitUntil, marks its operations, and lets tests wait for it', async () => {
    const handed: Array<Promise<unknown>> = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const trace = await withTrace(
      () => newTrace((promise) => handed.push(promise)),
      async (opened) => {
        inBackground('a cache save', async () => {
          await gate;
          await traceOperation('set', 'cache', async () => true);
        });
        await traceOperation('get', 'record', async () => 1);
        return opened;
      },
    );
    expect(handed).toHaveLength(1);
    expect(trace.pending.size).toBe(1);
    release();
    await settled(trace);
    await backgroundWorkDone();
    expect(trace.operations.map((o) => [o.key, o.background])).toEqual([
      ['record', false],
      ['cache', true],
    ]);
    expect(summarize(trace)).toMatchObject({ operations: 1, background: 1 });
  });

  it('logs a failed background task instead of throwing it at the request', async () => {
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      inBackground('a doomed save', async () => {
        throw new Error('storage down');
      });
      await backgroundWorkDone();
    } finally {
      console.error = original;
    }
    expect(errors[0]?.[0]).toBe('background: a doomed save failed');
  });
});
