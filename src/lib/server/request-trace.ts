/**
 * The Blobs operations of one request, for the round-trip budget (docs/decisions.md "Blobs round trips"):
 * every operation `storage/blobs.ts` makes is recorded with its start and end on the request's timeline,
 * so a test or a benchmark can tell how many there were and how many were sequential (the longest chain
 * of operations that do not overlap: on Netlify each is a network round trip, and only overlapping ones
 * wait together). The middleware opens a trace per request and, in local runs, reports it as a
 * `Server-Timing` header; tests and benchmarks open their own around a whole request.
 *
 * Work a response does not need (a cache saved after a page is rendered) runs with `inBackground`: it
 * is handed to the platform's `waitUntil` and its operations are counted apart, off the critical path.
 *
 * One AsyncLocalStorage per process (kept on globalThis), so the built server function and the tests
 * or scripts that call it in process share it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type BlobOperationKind = 'get' | 'set' | 'list' | 'delete';

export interface BlobOperation {
  kind: BlobOperationKind;
  key: string;
  /** performance.now() at the call and when it settled. */
  start: number;
  end: number;
  /** Run by `inBackground`: not on the response's critical path. */
  background: boolean;
}

export interface RequestTrace {
  operations: BlobOperation[];
  /** Background work still running (tests wait for it before the next request). */
  pending: Set<Promise<unknown>>;
  /** The platform's waitUntil (Netlify's context), when there is one. */
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined;
  /**
   * Settles true once the request's session check passed, false if it failed: background work waits
   * for it, so reads started beside the check (src/lib/server/http/read-ahead.ts) never lead to a write
   * for a session that turns out to be ended. Absent when the check was done before the route ran.
   */
  signedIn?: Promise<boolean> | undefined;
}

interface Scope {
  trace: RequestTrace;
  background: boolean;
}

interface Shared {
  storage: AsyncLocalStorage<Scope>;
  /** Every background task still running, in or out of a request. */
  background: Set<Promise<unknown>>;
}

const SHARED_KEY = Symbol.for('parcelwise.request-trace');
const globalShared = globalThis as { [SHARED_KEY]?: Shared };
const shared = (globalShared[SHARED_KEY] ??= { storage: new AsyncLocalStorage<Scope>(), background: new Set() });
const storage = shared.storage;

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

export function newTrace(waitUntil?: (promise: Promise<unknown>) => void): RequestTrace {
  return { operations: [], pending: new Set(), waitUntil };
}

/** Runs `task` inside a trace: the current one if a caller (a test, a benchmark) already opened one, else `fresh`. */
export function withTrace<T>(fresh: () => RequestTrace, task: (trace: RequestTrace) => T): T {
  const scope = storage.getStore();
  if (scope) return task(scope.trace);
  const trace = fresh();
  return storage.run({ trace, background: false }, () => task(trace));
}

/** Records one Blobs operation of the current request (none outside a request). */
export async function traceOperation<T>(kind: BlobOperationKind, key: string, operation: () => Promise<T>): Promise<T> {
  const scope = storage.getStore();
  if (!scope) return operation();
  const start = performance.now();
  try {
    return await operation();
  } finally {
    scope.trace.operations.push({ kind, key, start, end: performance.now(), background: scope.background });
  }
}

/**
 * Starts work the response does not wait for (a cache write): on Netlify through `waitUntil`, so the
 * function lives until it is done; failures are logged, never thrown at the request.
 */
export function inBackground(label: string, task: () => Promise<unknown>): void {
  const scope = storage.getStore();
  const gate = scope?.trace.signedIn ?? Promise.resolve(true);
  const run = () =>
    gate
      .then((signedIn) => (signedIn ? task() : undefined))
      .catch((error: unknown) => {
        console.error(`background: ${label} failed`, error);
      });
  const promise = scope ? storage.run({ trace: scope.trace, background: true }, run) : run();
  const pending = [shared.background, ...(scope ? [scope.trace.pending] : [])];
  for (const set of pending) set.add(promise);
  void promise.finally(() => {
    for (const set of pending) set.delete(promise);
  });
  scope?.trace.waitUntil?.(promise);
}

/** Waits until the trace's background work is done (tests and benchmarks, before the next request). */
export async function settled(trace: RequestTrace): Promise<void> {
  while (trace.pending.size > 0) await Promise.all(trace.pending);
}

/** Waits until every background task of the process is done (tests that read what one wrote). */
export async function backgroundWorkDone(): Promise<void> {
  while (shared.background.size > 0) await Promise.all(shared.background);
}

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

/** The `Server-Timing` value of a trace, e.g. `blobs;dur=81.2;desc="4 ops, 2 sequential"` (local runs only). */
export function serverTiming(trace: RequestTrace): string {
  const summary = summarize(trace);
  const background = summary.background > 0 ? `, ${summary.background} in background` : '';
  return `blobs;dur=${summary.waitingMs.toFixed(1)};desc="${summary.operations} ops, ${summary.sequential} sequential${background}"`;
}
