// A burst of sign-ins on one function instance (docs/security.md, "availability"): the server hashes a few
// passwords at once and lets a few more wait; any sign-in beyond answers 503 with Retry-After and a clear
// message at once, is not counted as a failed sign-in, and everyone else gets their normal answer: never a 500.
// In process only: the test holds every scrypt call of this process (the built function imports
// node:crypto as this file does), so what runs, what waits and what is refused never depends on timing.
import { randomUUID } from 'node:crypto';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HASHES_AT_ONCE, HASHES_WAITING, hashPassword } from '~/server/accounts/passwords';
import { throttleMarks, throttleSubject } from '~/server/storage/throttle-marks';
import { users } from '~/server/accounts/storage/users';
import { DEMO_USER } from '~/server/demo-accounts';
import { credentials, messageOf, useTestApp } from './harness';

const t = useTestApp();
const inProcess = process.env['API_BASE_URL'] === undefined;
const PASSWORD = 'Lantern-orbit-72-quill';
const BUSY = 'The server is checking many passwords at once. Please try again in a few seconds.';

type Scrypt = (...args: unknown[]) => void;
const crypto = createRequire(import.meta.url)('node:crypto') as { scrypt: Scrypt };
const realScrypt = crypto.scrypt;
/** scrypt calls held until the gate opens; while it is open, calls run at once. */
const held: Array<() => void> = [];
let gateOpen = true;

function holdScrypt(): void {
  crypto.scrypt = (...args: unknown[]) => (gateOpen ? realScrypt(...args) : held.push(() => realScrypt(...args)));
  syncBuiltinESMExports();
}
function openGate(): void {
  gateOpen = true;
  for (const run of held.splice(0)) run();
}

beforeAll(() => holdScrypt());
afterAll(() => {
  openGate();
  crypto.scrypt = realScrypt;
  syncBuiltinESMExports();
});

/** People stored with one shared hash (cheaper than registering each), as `users.create` stores them. */
async function people(count: number, hash: string): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const username = `burst-${i}-${randomUUID().slice(0, 8)}@parcelwise.example`;
      const now = new Date().toISOString();
      const user = { id: randomUUID(), username, name: `Burst ${i}`, role: 'user' as const, avatar: null, passwordHash: hash };
      await users.create({ ...user, disabled: false, sessionVersion: 1, createdAt: now, createdBy: 'operator' });
      return username;
    }),
  );
}

describe.skipIf(!inProcess)('a burst of simultaneous sign-ins', () => {
  it('hashes a few at once, lets a few more wait, answers the rest 503 with Retry-After at once; the others get their normal answer', async () => {
    // The demo accounts are made (and their passwords hashed) on a process's first sign-in: before the gate closes.
    expect((await t.app.request('POST', '/api/login', { body: credentials(DEMO_USER), ip: '10.70.0.1' })).status).toBe(200);
    const capacity = HASHES_AT_ONCE + HASHES_WAITING;
    const refusedCount = 4;
    const usernames = await people(capacity + refusedCount, await hashPassword(PASSWORD));
    gateOpen = false;
    // Every third one with a wrong password: its normal answer is 401.
    const attempts = usernames.map((username, i) => ({ username, ip: `10.71.${i}.1`, expected: i % 3 === 0 ? 401 : 200 }));
    const answered: Array<{ index: number; response: Response }> = [];
    const all = attempts.map((attempt, index) =>
      t.app
        .request('POST', '/api/login', {
          body: { username: attempt.username, password: attempt.expected === 200 ? PASSWORD : 'not-the-password' },
          ip: attempt.ip,
        })
        .then((response) => (answered.push({ index, response }), response)),
    );
    await vi.waitFor(
      () => {
        expect(answered.length).toBe(refusedCount);
        expect(held.length).toBe(HASHES_AT_ONCE);
      },
      { timeout: 60_000, interval: 25 },
    );
    for (const { index, response } of answered) {
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await messageOf(response)).toBe(BUSY);
      // A refused sign-in was never checked: it is no failure of its username at its address.
      const { username, ip } = attempts[index]!;
      const since = new Date(Date.now() - 15 * 60_000);
      expect(await throttleMarks.since(throttleSubject.usernameAtAddress(username, ip), since, new Date())).toEqual([]);
    }
    openGate();
    const responses = await Promise.all(all);
    const refused = new Set(answered.map(({ index }) => index));
    responses.forEach((response, index) => {
      if (!refused.has(index)) expect(response.status, attempts[index]!.username).toBe(attempts[index]!.expected);
    });
  }, 240_000);
});
