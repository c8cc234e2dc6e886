// Work that need not delay the answer (saving a cache): on Netlify, the function's `waitUntil` keeps it
// running after the response; elsewhere (tests, scripts) the caller awaits it. So a page's chain of
// Blobs round trips ends at its last read.
import type { NetlifyLocals } from '@astrojs/netlify';

export type Defer = (task: Promise<unknown>) => void;

/** This request's `waitUntil`, or undefined when there is none (then the work is awaited). */
export function deferOf(locals: App.Locals): Defer | undefined {
  const context = (locals as Partial<NetlifyLocals>).netlify?.context;
  return typeof context?.waitUntil === 'function' ? (task) => context.waitUntil(task) : undefined;
}
