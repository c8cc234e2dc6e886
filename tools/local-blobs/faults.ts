/**
 * Fault mode: Netlify Blobs is a network service, and its requests fail. With it, a share of this
 * process's requests to the local Blobs server fail as they would there — `error`: answered 500 or 503
 * without reaching the store; `timeout`: the request reaches the store (a write lands) and its answer
 * never comes, until the client gives up waiting (its abort signal). Which requests fail follows from a
 * seed: the same run of requests fails the same way again. Set by BLOBS_FAULTS (or `--faults`) for
 * `npm run serve:built`, the benchmarks and the tests; nothing of it is deployed.
 */
import type { BlobOperationKind } from './operation-kind';
import { seededRandom } from '~/shared/seeded-random';

export type FaultKind = 'error' | 'timeout';

export interface BlobsFaults {
  /** The share of requests that fail, 0 to 1. */
  rate: number;
  kinds: FaultKind[];
  /** Which operations may fail (all by default). */
  operations: BlobOperationKind[];
  seed: number;
}

/** What happens to one request. */
export type Fault = { kind: 'error'; status: 500 | 503 } | { kind: 'timeout' };

const KINDS: readonly FaultKind[] = ['error', 'timeout'];
const OPERATIONS: readonly BlobOperationKind[] = ['get', 'set', 'list', 'delete'];

export const DEFAULT_FAULTS: BlobsFaults = { rate: 0.05, kinds: [...KINDS], operations: [...OPERATIONS], seed: 42 };

const USAGE = 'use on, off, or rate=5%,kinds=error+timeout,seed=42 (and ops=get+set+list+delete to choose what fails)';

function parseList<T extends string>(raw: string, allowed: readonly T[], field: string): T[] {
  const items = raw.split('+').map((item) => item.trim());
  const bad = items.find((item) => !allowed.includes(item as T));
  if (items.length === 0 || bad !== undefined) throw new Error(`Bad fault setting "${field}=${raw}": ${USAGE}`);
  return [...new Set(items as T[])];
}

/**
 * A fault setting as written on a command line or in BLOBS_FAULTS: `off` (or empty), `on` (5 % errors and
 * timeouts, seed 42), or fields to change: `rate=5%` (or `0.05`), `kinds=error+timeout`, `seed=42`,
 * `ops=set+delete`.
 */
export function parseFaults(text: string | undefined): BlobsFaults | null {
  const value = text?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'off' || value === '0' || value === 'false') return null;
  if (value === 'on' || value === 'true' || value === 'default') return { ...DEFAULT_FAULTS };
  const faults: BlobsFaults = { ...DEFAULT_FAULTS };
  for (const field of value.split(',')) {
    const [name = '', raw = ''] = field.split('=').map((part) => part.trim());
    if (name === 'kinds') faults.kinds = parseList(raw, KINDS, name);
    else if (name === 'ops') faults.operations = parseList(raw, OPERATIONS, name);
    else if (name === 'rate' || name === 'seed') {
      const number = Number(raw.replace(/%$/, ''));
      const rate = raw.endsWith('%') || number > 1 ? number / 100 : number;
      if (
        raw === '' ||
        !Number.isFinite(number) ||
        number < 0 ||
        (name === 'rate' && rate > 1) ||
        (name === 'seed' && !Number.isInteger(number))
      ) {
        throw new Error(`Bad fault setting "${field}": ${USAGE}`);
      }
      if (name === 'rate') faults.rate = rate;
      else faults.seed = number;
    } else throw new Error(`Bad fault setting "${field}": ${USAGE}`);
  }
  return faults;
}

/** The setting in words, for a server's start-up line and a benchmark's report. */
export const describeFaults = (faults: BlobsFaults): string =>
  `${+(faults.rate * 100).toFixed(2)} % of ${faults.operations.join('/')} requests fail (${faults.kinds.join(' or ')}), seed ${faults.seed}`;

/** Decides, request by request in the order they are sent, which fail and how. */
export function faultPicker(faults: BlobsFaults): (kind: BlobOperationKind) => Fault | null {
  const random = seededRandom(faults.seed);
  return (kind) => {
    // Two draws per request whatever happens, so the sequence does not depend on which operations may fail.
    const [roll, pick] = [random(), random()];
    if (!faults.operations.includes(kind) || roll >= faults.rate) return null;
    const chosen = faults.kinds[Math.floor(pick * faults.kinds.length)] ?? 'error';
    return chosen === 'timeout'
      ? { kind: 'timeout' }
      : { kind: 'error', status: pick * faults.kinds.length - Math.floor(pick * faults.kinds.length) < 0.5 ? 500 : 503 };
  };
}
