// Password hashing is bounded per process (docs/decisions.md "Password hashing"): a few hashes at once, a
// few more waiting, and any beyond refused at once with a 503 that says when to try again. scrypt is held
// here (the module imports node:crypto's scrypt, which this test replaces) so nothing depends on timing.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '~/server/errors';
import { HASHES_AT_ONCE, HASHES_WAITING, hashPassword, verifyPassword } from './passwords';

type Scrypt = (...args: unknown[]) => void;
const crypto = createRequire(import.meta.url)('node:crypto') as { scrypt: Scrypt };
const realScrypt = crypto.scrypt;
/** scrypt calls held until the gate opens; while it is open, calls run at once. */
const held: Array<() => void> = [];
let gateOpen = false;

beforeAll(() => {
  crypto.scrypt = (...args: unknown[]) => (gateOpen ? realScrypt(...args) : held.push(() => realScrypt(...args)));
  syncBuiltinESMExports();
});
afterAll(() => {
  crypto.scrypt = realScrypt;
  syncBuiltinESMExports();
});

/** Lets promise callbacks already due run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('hashing passwords under load', () => {
  it(`hashes ${HASHES_AT_ONCE} at once, lets ${HASHES_WAITING} wait, refuses any more with 503 and Retry-After`, async () => {
    // One new hash and checks against a cheap stored hash (sign-ins): both take a place.
    const admitted = Array.from({ length: HASHES_AT_ONCE + HASHES_WAITING }, (_, i) =>
      i === 0 ? hashPassword('a-new-password-to-hash') : verifyPassword(`guess-number-${i}`, 'scrypt$1024$8$1$c2FsdA$aGFzaA'),
    );
    await settle();
    expect(held).toHaveLength(HASHES_AT_ONCE);
    const refused = await hashPassword('one-too-many-passwords').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      status: 503,
      message: 'The server is checking many passwords at once. Please try again in a few seconds.',
      headers: { 'Retry-After': expect.stringMatching(/^[1-9]\d*$/) },
    });
    expect(held, 'nothing of the refused one ran').toHaveLength(HASHES_AT_ONCE);
    // Each finished hash lets the next waiting one run, until all are done.
    gateOpen = true;
    for (const run of held.splice(0)) run();
    const results = await Promise.all(admitted);
    expect(results[0]).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(results.slice(1)).toEqual(Array.from({ length: admitted.length - 1 }, () => false));
  });
});
