// Slow salted password hashes (scrypt from node:crypto), stored as `scrypt$N$r$p$salt$hash`.
// Cost: N = 2^17, r = 8, p = 1 (OWASP's scrypt guidance; 128 MiB and ≈ 0.3–0.6 s per hash here). Hashes made
// with weaker parameters still verify and are replaced on the next successful sign-in (`needsRehash`).
// A process hashes at most HASHES_AT_ONCE passwords at a time and lets HASHES_WAITING more wait; any
// beyond is refused at once with 503 and Retry-After (docs/decisions.md "Password hashing").
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { isLocalRun } from '~/server/config';
import { HttpError } from '~/server/errors';
import { workLimit } from '~/server/work-limit';

export const PASSWORD_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
/**
 * What the test suites hash with (PARCELWISE_FAST_HASHES=true in a local run only): they make and sign in
 * hundreds of accounts, and at production's cost that was a third of the suite's time. Never on a
 * deployed site, whatever is set.
 */
const FAST_TEST_PARAMS = { N: 2 ** 10, r: 8, p: 1 } as const;

/** Today's parameters: production's, or the test suites' in a local run that asks for them. */
const hashParams = () => (process.env['PARCELWISE_FAST_HASHES'] === 'true' && isLocalRun() ? FAST_TEST_PARAMS : PASSWORD_PARAMS);
const KEY_LENGTH = 32;
/** Enough for N = 2^17, r = 8 (128 MiB) and not much more: a forged stored hash cannot ask for more. */
const MAX_MEMORY = 160 * 1024 * 1024;

/**
 * Two at once: each takes 128 MiB, and scrypt runs on Node's pool of four threads, which file and DNS
 * work share; more at once would not finish sooner. Eighteen waiting: a burst of twenty sign-ins (a team
 * arriving at nine) is served within about ten hash times instead of being refused.
 */
export const HASHES_AT_ONCE = 2;
export const HASHES_WAITING = 18;
/** About how long the waiting ones take to drain. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** The 503 of a password that arrives when every place is taken: nothing of it was checked or stored. */
export class HashingBusyError extends HttpError {
  constructor() {
    super(503, 'The server is checking many passwords at once. Please try again in a few seconds.', {
      'Retry-After': String(BUSY_RETRY_AFTER_SECONDS),
    });
    this.name = 'HashingBusyError';
  }
}

const hashing = workLimit({ atOnce: HASHES_AT_ONCE, waiting: HASHES_WAITING, busy: () => new HashingBusyError() });

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = hashParams();
  const hash = await scrypt(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

function parse(stored: string): { N: number; r: number; p: number; salt: Buffer; hash: Buffer } | null {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((value) => Number.isSafeInteger(value) && value > 0)) return null;
  return { ...params, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, { N: parsed.N, r: parsed.r, p: parsed.p }).catch((error: unknown) => {
    if (error instanceof HashingBusyError) throw error; // not checked: neither right nor wrong
    return null; // parameters scrypt refuses (a forged stored hash): no match
  });
  return actual !== null && actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** True when a stored hash was made with weaker parameters than today's (it is replaced at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  const params = hashParams();
  return !parsed || parsed.N < params.N || parsed.r < params.r || parsed.p < params.p;
}

/**
 * A hash that never matches (its digest is all zeros), on today's parameters: checked when the user is
 * unknown, so an unknown username costs the same scrypt work as a wrong password.
 */
export const decoyHash = (): string => {
  const params = hashParams();
  return `scrypt$${params.N}$${params.r}$${params.p}$c2FsdC1mb3ItdW5rbm93bi11c2Vy$${'A'.repeat(43)}`;
};
