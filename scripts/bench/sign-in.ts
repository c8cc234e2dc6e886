/**
 * Benchmark of sign-in throttling, in process against a fresh local BlobsServer: does a login's cost grow
 * with the history of failed sign-ins? Measures, with no failure records and then with 100,000 old ones
 * (older than the 15-minute window, spread over 30 days, 2,000 usernames and 500 addresses: what never
 * deleting them used to leave behind):
 * - the throttle step alone (record the attempt under its three subjects, count, clear on success);
 * - a whole successful sign-in (throttle, user lookup, scrypt N = 2^17, session, journal);
 * - the Blobs requests of one sign-in;
 * and then how long the hourly job takes to delete the 100,000. It prints figures; it is not a test.
 *
 *   npx tsx scripts/bench/sign-in.ts [--old 100000] [--runs 200] [--logins 20]
 */
import { parseArgs } from 'node:util';
import { createUser } from '~/lib/server/services/accounts';
import { removeExpiredSignInFailures, signIn } from '~/lib/server/services/sign-in';
import { beginAttempt } from '~/lib/server/services/throttle';
import { startLocalBlobs } from '~/lib/server/storage/local-server';
import { signInFailures, throttleSubject } from '~/lib/server/storage/sign-in-failures';

const { values } = parseArgs({
  options: { old: { type: 'string', default: '100000' }, runs: { type: 'string', default: '200' }, logins: { type: 'string', default: '20' } },
});
const OLD = Number(values.old);
const RUNS = Number(values.runs);
const LOGINS = Number(values.logins);
const MINUTE = 60_000;
const SEED_CONCURRENCY = 64;

let requests = 0;
const blobs = await startLocalBlobs({ onRequest: () => requests++ });

function stats(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return `median ${at(0.5).toFixed(1)} ms · p95 ${at(0.95).toFixed(1)} ms · max ${sorted.at(-1)!.toFixed(1)} (n=${sorted.length})`;
}

async function pool(count: number, task: (index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: SEED_CONCURRENCY }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

const username = 'bench@parcelwise.example';
const password = 'bench-password-1';
await createUser({ username, password, name: 'Bench', role: 'user', createdBy: 'operator' });
const request = { address: '192.0.2.10', userAgent: 'bench', knownDeviceId: null };
const rules = [
  { subject: throttleSubject.usernameAtAddress(username, request.address), limit: 10 },
  { subject: throttleSubject.username(username), limit: 50 },
  { subject: throttleSubject.address(request.address), limit: 100 },
];

async function measure(label: string): Promise<void> {
  const throttle: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const attempt = await beginAttempt(rules, 'throttled');
    await attempt.succeeded(attempt.earlier[0]);
    throttle.push(performance.now() - started);
  }
  const logins: number[] = [];
  let perLogin = 0;
  for (let run = 0; run < LOGINS; run++) {
    const before = requests;
    const started = performance.now();
    await signIn(username, password, request);
    logins.push(performance.now() - started);
    perLogin = requests - before;
  }
  console.log(`${label}`);
  console.log(`  throttle step  ${stats(throttle)}`);
  console.log(`  whole sign-in  ${stats(logins)}`);
  console.log(`  Blobs requests per sign-in: ${perLogin}`);
}

await measure('No failure records');

const seedStarted = performance.now();
const now = Date.now();
await pool(OLD, (index) => {
  const at = new Date(now - 16 * MINUTE - ((index * 7919) % (30 * 24 * 60)) * MINUTE - (index % 60) * 1000);
  const user = `user-${index % 2000}@parcelwise.example`;
  const address = `198.51.${index % 250}.${index % 2}`;
  const kinds = [throttleSubject.usernameAtAddress(user, address), throttleSubject.username(user), throttleSubject.address(address)];
  return signInFailures.record(kinds[index % 3]!, at);
});
console.log(`\nSeeded ${OLD.toLocaleString('en-US')} old failure records in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s\n`);

await measure(`With ${OLD.toLocaleString('en-US')} old failure records`);

const expireStarted = performance.now();
const removed = await removeExpiredSignInFailures();
console.log(`\nHourly job: removed ${removed.toLocaleString('en-US')} expired records in ${((performance.now() - expireStarted) / 1000).toFixed(1)} s`);

await blobs.stop();
