/**
 * Latency mode: the local Blobs server answers in well under a millisecond, Netlify Blobs in tens of
 * milliseconds from a function. With it, every Blobs request of this process waits before it is sent —
 * by default 40 ms for a get, 60 ms for a set, a delete or a list page, each ±25 % — so figures measured
 * locally show the cost of round trips.
 */
import type { BlobOperationKind } from './operation-kind';

/** Simulated round-trip times in milliseconds per operation, and the jitter as a fraction (0.25 = ±25 %). */
export interface BlobsLatency {
  get: number;
  set: number;
  list: number;
  jitter: number;
}

export const DEFAULT_LATENCY: BlobsLatency = { get: 40, set: 60, list: 60, jitter: 0.25 };

/**
 * A latency setting as written on a command line or in BLOBS_LATENCY: `on` (the defaults), `off`, or
 * fields to change, e.g. `get=40,set=60,list=60,jitter=25%` (`jitter=0.25` too).
 */
export function parseLatency(text: string | undefined): BlobsLatency | null {
  const value = text?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'off' || value === '0' || value === 'false') return null;
  if (value === 'on' || value === 'true' || value === 'default') return { ...DEFAULT_LATENCY };
  const latency = { ...DEFAULT_LATENCY };
  for (const field of value.split(',')) {
    const [name, raw] = field.split('=').map((part) => part.trim());
    const number = Number(raw?.replace(/%$/, ''));
    if (!(name === 'get' || name === 'set' || name === 'list' || name === 'jitter') || !Number.isFinite(number) || number < 0) {
      throw new Error(`Bad latency setting "${field}": use on, off, or get=40,set=60,list=60,jitter=25%`);
    }
    latency[name] = name === 'jitter' && (raw?.endsWith('%') || number > 1) ? number / 100 : number;
  }
  return latency;
}

/** One simulated round trip: a write (set, delete) costs as a set. */
export function delayFor(latency: BlobsLatency, kind: BlobOperationKind, random: () => number = Math.random): number {
  const base = kind === 'get' ? latency.get : kind === 'list' ? latency.list : latency.set;
  return Math.max(0, base * (1 + latency.jitter * (2 * random() - 1)));
}
