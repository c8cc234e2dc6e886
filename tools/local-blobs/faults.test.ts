// Fault mode: the setting as written, the same failures again from the same seed, and what the storage
// layer makes of them against a local Blobs server — a failed request fails its operation at once with
// StorageUnavailableError (a timed-out one after the client's timeout), a read is tried once more, a write
// is not (but a journal entry, create-only under its own id, is), and a conditional write whose request
// failed is never reported as written.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listKeys, readJSON, writeJSON } from '~/server/storage/blobs';
import { StorageUnavailableError } from '~/server/storage/errors';
import { journal } from '~/server/journal/journal';
import { DEFAULT_FAULTS, describeFaults, faultPicker, parseFaults } from './faults';
import { startLocalBlobs, type LocalBlobs } from './server';
import { injectedFaults, setBlobsFaults, withTrace, type FaultDecider } from './trace';

describe('parseFaults', () => {
  it('reads off, on and fields', () => {
    for (const off of [undefined, '', 'off', '0', 'false']) expect(parseFaults(off)).toBeNull();
    expect(parseFaults('on')).toEqual(DEFAULT_FAULTS);
    expect(DEFAULT_FAULTS).toEqual({ rate: 0.05, kinds: ['error', 'timeout'], operations: ['get', 'set', 'list', 'delete'], seed: 42 });
    expect(parseFaults('rate=5%,kinds=error+timeout,seed=42')).toEqual(DEFAULT_FAULTS);
    expect(parseFaults('rate=0.5,kinds=timeout,seed=7,ops=set+delete')).toEqual({
      rate: 0.5,
      kinds: ['timeout'],
      operations: ['set', 'delete'],
      seed: 7,
    });
    expect(parseFaults('rate=100%')?.rate).toBe(1);
    expect(describeFaults(parseFaults('rate=12.5%,kinds=error,seed=3')!)).toBe(
      '12.5 % of get/set/list/delete requests fail (error), seed 3',
    );
  });

  it.each(['rate=150%', 'rate=-1', 'rate=x', 'kinds=error+crash', 'kinds=', 'seed=1.5', 'ops=get+put', 'speed=3', 'rate'])(
    'refuses %s, saying what it takes',
    (text) => {
      expect(() => parseFaults(text)).toThrow(/^Bad fault setting .*: use on, off, or rate=5%,kinds=error\+timeout,seed=42/);
    },
  );
});

describe('faultPicker', () => {
  const run = (text: string, kinds: Array<'get' | 'set'>) => {
    const pick = faultPicker(parseFaults(text)!);
    return kinds.map((kind) => pick(kind));
  };
  const requests = Array.from({ length: 2000 }, (_, i) => (i % 3 === 0 ? 'set' : 'get') as 'get' | 'set');

  it('fails the same requests the same way from the same seed, others from another', () => {
    const first = run('rate=20%,seed=42', requests);
    expect(run('rate=20%,seed=42', requests)).toEqual(first);
    expect(run('rate=20%,seed=43', requests)).not.toEqual(first);
  });

  it('fails about the share asked, with both kinds and both statuses', () => {
    const faults = run('rate=20%,seed=1', requests).filter((fault) => fault !== null);
    expect(faults.length / requests.length).toBeGreaterThan(0.17);
    expect(faults.length / requests.length).toBeLessThan(0.23);
    expect(new Set(faults.map((fault) => (fault.kind === 'error' ? fault.status : 'timeout')))).toEqual(new Set([500, 503, 'timeout']));
  });

  it('fails only the operations asked, and nothing at rate 0', () => {
    const onlySets = run('rate=100%,ops=set,seed=1', requests);
    expect(onlySets.every((fault, i) => (requests[i] === 'set') === (fault !== null))).toBe(true);
    expect(run('rate=0,seed=1', requests).every((fault) => fault === null)).toBe(true);
  });
});

describe('the storage layer under faults', () => {
  let blobs: LocalBlobs;
  beforeAll(async () => {
    blobs = await startLocalBlobs();
    process.env['BLOBS_TIMEOUT_MS'] = '1000';
  });
  afterAll(async () => {
    delete process.env['BLOBS_TIMEOUT_MS'];
    await blobs.stop();
  });
  afterEach(() => setBlobsFaults(null));

  const schema = z.object({ n: z.number() });
  /** Fails the requests whose number (from 1, in this test) is listed, and counts every request. */
  function failing(numbers: number[], fault: ReturnType<FaultDecider>): { decider: FaultDecider; requests: () => number } {
    let count = 0;
    return { decider: () => (numbers.includes(++count) ? fault : null), requests: () => count };
  }

  it('tries a read that failed once more, and answers it', async () => {
    await writeJSON('faults/read', schema, { n: 1 });
    const { decider, requests } = failing([1], { kind: 'error', status: 503 });
    setBlobsFaults(decider);
    expect(await readJSON('faults/read', schema)).toEqual({ n: 1 });
    expect(requests()).toBe(2);
  });

  it('fails a read that fails twice, at once, with StorageUnavailableError', async () => {
    const { decider } = failing([1, 2], { kind: 'error', status: 500 });
    setBlobsFaults(decider);
    const started = performance.now();
    await expect(listKeys('faults/')).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('does not repeat a failed write, and never reports a create-only write that failed as written', async () => {
    const { decider, requests } = failing([1], { kind: 'error', status: 503 });
    setBlobsFaults(decider);
    await expect(writeJSON('faults/new', schema, { n: 1 }, { onlyIfNew: true })).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(requests()).toBe(1);
    setBlobsFaults(null);
    expect(await readJSON('faults/new', schema)).toBeNull();
    expect(await writeJSON('faults/new', schema, { n: 2 }, { onlyIfNew: true })).toBe(true);
  });

  it('gives up on a request that never answers after the timeout: the write may have landed', async () => {
    setBlobsFaults(failing([1], { kind: 'timeout' }).decider);
    const before = injectedFaults().timeout;
    const started = performance.now();
    const traced = withTrace(async (trace) => {
      await expect(writeJSON('faults/slow', schema, { n: 3 })).rejects.toBeInstanceOf(StorageUnavailableError);
      return trace.operations;
    });
    const operations = await traced;
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThan(950); // the client's timeout, set to 1 s here
    expect(waited).toBeLessThan(5_000); // no second try after the client's own 5 s
    expect(operations.map((operation) => [operation.kind, operation.fault])).toEqual([['set', 'timeout']]);
    expect(injectedFaults().timeout).toBe(before + 1);
    setBlobsFaults(null);
    expect(await readJSON('faults/slow', schema)).toEqual({ n: 3 });
  });
  it('writes a journal entry whose write failed once more (create-only under its id: harmless), and fails when both do', async () => {
    const userId = 'faults-journal-user';
    const at = new Date('2031-03-03T10:00:00.000Z');
    const event = { kind: 'login', recordedAt: at.toISOString() } as const;
    const failedOnce = failing([1], { kind: 'error', status: 503 });
    setBlobsFaults(failedOnce.decider);
    const id = await journal.add(userId, event, journal.newId(at));
    expect(failedOnce.requests()).toBe(2);
    setBlobsFaults(null);
    const entries = (await journal.since(at, new Date(at.getTime() + 1000))).filter((entry) => entry.userId === userId);
    expect(entries.map((entry) => entry.id)).toEqual([id]);

    setBlobsFaults(failing([1, 2], { kind: 'error', status: 500 }).decider);
    await expect(journal.add(userId, event, journal.newId(at))).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
