// Slow salted password hashes (scrypt from node:crypto), stored as `scrypt$N$r$p$salt$hash`.
// Cost: N = 2^17, r = 8, p = 1 (OWASP's scrypt guidance; 128 MiB and ≈ 0.3–0.6 s per hash here). Hashes made
// with weaker parameters still verify and are replaced on the next successful sign-in (`needsRehash`).
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const PASSWORD_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** Enough for N = 2^17, r = 8 (128 MiB) and not much more: a forged stored hash cannot ask for more. */
const MAX_MEMORY = 160 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, PASSWORD_PARAMS);
  return ['scrypt', PASSWORD_PARAMS.N, PASSWORD_PARAMS.r, PASSWORD_PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join(
    '$',
  );
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
  const actual = await scrypt(password, parsed.salt, { N: parsed.N, r: parsed.r, p: parsed.p }).catch(() => null);
  return actual !== null && actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** True when a stored hash was made with weaker parameters than today's (it is replaced at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < PASSWORD_PARAMS.N || parsed.r < PASSWORD_PARAMS.r || parsed.p < PASSWORD_PARAMS.p;
}

/**
 * A hash that never matches (its digest is all zeros), on today's parameters: checked when the user is
 * unknown, so an unknown username costs the same scrypt work as a wrong password.
 */
export const DECOY_HASH = `scrypt$${PASSWORD_PARAMS.N}$${PASSWORD_PARAMS.r}$${PASSWORD_PARAMS.p}$c2FsdC1mb3ItdW5rbm93bi11c2Vy$${'A'.repeat(43)}`;
