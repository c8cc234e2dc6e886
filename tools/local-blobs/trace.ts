/**
 * Local measurement of Blobs round trips: this process's requests to the local Blobs server pass through
 * a wrapper of the global fetch (installed by ./server.ts), which waits the simulated round trip of
 * latency mode and records each operation in the trace of the request being handled, so a test or a
 * benchmark can tell how many there were and how many were sequential (the longest chain of operations
 * that do not overlap: on Netlify each is a network round trip, and only overlapping ones wait
 * together). Work the site runs after its answer (src/server/background.ts) is counted apart.
 * In fault mode (./faults.ts) the same wrapper makes the chosen requests fail.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { backgroundWorkDone, isBackgroundWork } from '~/server/background';
import { faultPicker, type BlobsFaults, type Fault } from './faults';
import { delayFor, type BlobsLatency } from './latency';

import type { BlobOperationKind } from './operation-kind';

export interface BlobOperation {
  kind: BlobOperationKind;
  key: string;
  /** performance.now() at the call and when it settled. */
  start: number;
  end: number;
  /** Run after the answer (background work): not on the response's critical path. */
  background: boolean;
  /** How fault mode made it fail, if it did. */
  fault?: Fault['kind'];
}

export interface RequestTrace {
  operations: BlobOperation[];
}

const traces = new AsyncLocalStorage<RequestTrace>();

/**
 * What a Blobs HTTP request does, from its method and URL (`/<site>/<store>/<key>` on the edge,
 * `/api/v1/blobs/<site>/<store>/<key>` on the API; a listing has no key and a `prefix` parameter).
 */
export function blobOperationOf(method: string, url: string): { kind: BlobOperationKind; key: string } {
  const parsed = new URL(url, 'http://blobs.invalid');
  const segments = parsed.pathname
    .replace(/^\/api\/v1\/blobs/, '')
    .split('/')
    .filter((part) => part !== '' && !part.startsWith('region:'))
    .map((part) => decodeURIComponent(part));
  const key = segments.slice(2).join('/');
  switch (method.toUpperCase()) {
    case 'PUT':
      return { kind: 'set', key };
    case 'DELETE':
      return { kind: 'delete', key };
    default:
      return key === '' || parsed.searchParams.has('prefix')
        ? { kind: 'list', key: parsed.searchParams.get('prefix') ?? '' }
        : { kind: 'get', key };
  }
}

/** Runs `task` inside a fresh trace, or the current one if a caller (a test, a benchmark) opened one. */
export function withTrace<T>(task: (trace: RequestTrace) => T): T {
  const current = traces.getStore();
  if (current) return task(current);
  const trace: RequestTrace = { operations: [] };
  return traces.run(trace, () => task(trace));
}

/** Decides whether one request fails, and how (fault mode, or a test's own choice). */
export type FaultDecider = (kind: BlobOperationKind, key: string) => Fault | null;

interface Hook {
  urls: Set<string>;
  latency: BlobsLatency | null;
  fault: FaultDecider | null;
  injected: Record<Fault['kind'], number>;
}
const hook: Hook = { urls: new Set(), latency: null, fault: null, injected: { error: 0, timeout: 0 } };
let installed = false;

/** Turns fault mode on (a setting, or a test's own decider) or off for this process's Blobs requests. */
export function setBlobsFaults(faults: BlobsFaults | FaultDecider | null): void {
  hook.fault = faults === null ? null : typeof faults === 'function' ? faults : faultPicker(faults);
}

/** How many requests fault mode has failed in this process, by kind. */
export const injectedFaults = (): Readonly<Record<Fault['kind'], number>> => ({ ...hook.injected });

/** A request past which nobody waits: it settles only when its caller gives up (its signal), or after a minute. */
function answerNever(signal: AbortSignal | null | undefined): Promise<never> {
  return new Promise((_, reject) => {
    const giveUp = () => reject(signal?.reason ?? new TypeError('fetch failed: no answer (simulated timeout)'));
    if (signal?.aborted) return giveUp();
    const timer = setTimeout(giveUp, 60_000);
    signal?.addEventListener('abort', () => (clearTimeout(timer), giveUp()), { once: true });
  });
}

/**
 * Wraps the global fetch once per process: requests to a watched Blobs server wait for latency mode and
 * are recorded in the current trace. The Blobs client reads globalThis.fetch when a store is opened, which
 * the site does per operation.
 */
export function watchBlobs(url: string, latency: BlobsLatency | null, faults: BlobsFaults | null = null): void {
  hook.urls.add(url);
  hook.latency = latency;
  setBlobsFaults(faults);
  if (installed) return;
  installed = true;
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (![...hook.urls].some((base) => url.startsWith(base))) return original(input, init);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const { kind, key } = blobOperationOf(method, url);
    const fault = hook.fault?.(kind, key) ?? null;
    const start = performance.now();
    try {
      if (hook.latency) await new Promise((resolve) => setTimeout(resolve, delayFor(hook.latency!, kind)));
      if (fault) hook.injected[fault.kind] += 1;
      if (fault?.kind === 'error') return new Response('Simulated Netlify Blobs failure', { status: fault.status });
      const response = await original(input, init);
      if (fault?.kind !== 'timeout') return response;
      await response.body?.cancel();
      return await answerNever(init?.signal ?? (input instanceof Request ? input.signal : null));
    } finally {
      const operation: BlobOperation = { kind, key, start, end: performance.now(), background: isBackgroundWork() };
      if (fault) operation.fault = fault.kind;
      traces.getStore()?.operations.push(operation);
    }
  };
}

/** Waits until the site's background work is done (before the next measured request). */
export const settled = backgroundWorkDone;

/**
 * The longest chain of operations that follow one another without overlapping: the round trips the
 * request waited for one after the other. (A largest set of pairwise disjoint intervals can always be
 * ordered into such a chain; taking the earliest-ending operation first finds one.)
 */
export function longestChain(operations: readonly Pick<BlobOperation, 'start' | 'end'>[]): number {
  const sorted = [...operations].sort((a, b) => a.end - b.end);
  let chain = 0;
  let last = -Infinity;
  for (const operation of sorted) {
    if (operation.start >= last) {
      chain += 1;
      last = operation.end;
    }
  }
  return chain;
}

export interface TraceSummary {
  /** Operations the response waited for (not background). */
  operations: number;
  /** The longest chain of sequential operations among them. */
  sequential: number;
  /** Operations run in the background (cache writes after the response). */
  background: number;
  /** Milliseconds during which at least one awaited operation was in flight. */
  waitingMs: number;
  /** Awaited operations by kind. */
  byKind: Record<BlobOperationKind, number>;
}

/** Wall time covered by at least one of the intervals. */
function coveredMs(operations: readonly BlobOperation[]): number {
  const sorted = [...operations].sort((a, b) => a.start - b.start);
  let total = 0;
  let reached = -Infinity;
  for (const { start, end } of sorted) {
    const from = Math.max(start, reached);
    if (end > from) total += end - from;
    reached = Math.max(reached, end);
  }
  return total;
}

export function summarize(trace: RequestTrace): TraceSummary {
  const awaited = trace.operations.filter((operation) => !operation.background);
  const byKind: Record<BlobOperationKind, number> = { get: 0, set: 0, list: 0, delete: 0 };
  for (const operation of awaited) byKind[operation.kind] += 1;
  return {
    operations: awaited.length,
    sequential: longestChain(awaited),
    background: trace.operations.length - awaited.length,
    waitingMs: coveredMs(awaited),
    byKind,
  };
}

/** The `Server-Timing` value of a trace, e.g. `blobs;dur=81.2;desc="4 ops, 2 sequential"`. */
export function serverTiming(trace: RequestTrace): string {
  const summary = summarize(trace);
  const background = summary.background > 0 ? `, ${summary.background} in background` : '';
  return `blobs;dur=${summary.waitingMs.toFixed(1)};desc="${summary.operations} ops, ${summary.sequential} sequential${background}"`;
}
