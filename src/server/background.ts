/**
 * Work a response does not wait for (a cache saved after a page is rendered). On Netlify it is handed
 * to the platform's `waitUntil`, so the function lives until it is done. It starts only once the
 * request's session check has passed: a page's reads may run beside that check, and a write must never
 * follow for a session that turns out to be ended. Failures are logged, never thrown at the request.
 *
 * The request scope lives in one AsyncLocalStorage per process, kept on globalThis, so the built server
 * function and local tools that call it in process (tests, benchmarks) see the same one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestScope {
  /** Settles true once the session check passed, false if it failed. */
  signedIn: Promise<boolean>;
  /** The platform's waitUntil (Netlify's context), when there is one. */
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined;
}

interface Scope {
  request: RequestScope;
  /** True inside a task started by inBackground. */
  background: boolean;
}

interface Shared {
  scopes: AsyncLocalStorage<Scope>;
  /** Every background task still running. */
  running: Set<Promise<unknown>>;
}

const SHARED_KEY = Symbol.for('parcelwise.background');
const globalShared = globalThis as { [SHARED_KEY]?: Shared };
const shared = (globalShared[SHARED_KEY] ??= { scopes: new AsyncLocalStorage<Scope>(), running: new Set() });

/** Runs one request's handling in its scope. */
export function withRequestScope<T>(request: RequestScope, task: () => T): T {
  return shared.scopes.run({ request, background: false }, task);
}

/**
 * Runs `task` with its background work held to a narrower gate as well (the team's reads, which start
 * for whoever asks: their cache saves wait for an administrator's confirmed session).
 */
export function withBackgroundGate<T>(gate: Promise<boolean>, task: () => T): T {
  const scope = shared.scopes.getStore();
  const outer = scope?.request.signedIn ?? Promise.resolve(true);
  const signedIn = Promise.all([outer, gate]).then(([a, b]) => a && b);
  return shared.scopes.run({ request: { ...scope?.request, signedIn }, background: scope?.background ?? false }, task);
}

/** Starts `task` after the response, once the session check has passed; outside a request, at once. */
export function inBackground(label: string, task: () => Promise<unknown>): void {
  const scope = shared.scopes.getStore();
  const gate = scope?.request.signedIn ?? Promise.resolve(true);
  const run = () =>
    gate
      .then((signedIn) => (signedIn ? task() : undefined))
      .catch((error: unknown) => {
        console.error(`background: ${label} failed`, error);
      });
  const promise = scope ? shared.scopes.run({ request: scope.request, background: true }, run) : run();
  shared.running.add(promise);
  void promise.finally(() => shared.running.delete(promise));
  scope?.request.waitUntil?.(promise);
}

/**
 * Runs `task` outside any request: work a request only starts (the demo team of local runs) must not wait for
 * that request's session check, nor be skipped when it fails.
 */
export function outsideRequest<T>(task: () => T): T {
  return shared.scopes.exit(task);
}

/** Waits until every background task of the process is done (tests that read what one wrote). */
export async function backgroundWorkDone(): Promise<void> {
  while (shared.running.size > 0) await Promise.all(shared.running);
}

/** True inside a task started by inBackground (local measurement tools count its operations apart). */
export function isBackgroundWork(): boolean {
  return shared.scopes.getStore()?.background ?? false;
}
