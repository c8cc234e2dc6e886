/**
 * Benchmark of sign-in throttling, in process against local BlobsServers: does a login's cost grow with
 * the history of failed sign-ins? Two stores side by side — one with no failure records, one with 100,000
 * old ones (older than the 15-minute window, spread over 30 days, 2,000 usernames and 500 addresses: what
 * never deleting them used to leave behind) — measured in alternation, run by run, so the load of the
 * machine weighs on both alike:
 * - the throttle step alone (record the attempt under its three subjects, count, clear on success);
 * - a whole successful sign-in (throttle, user lookup, scrypt N = 2^17, session, journal);
 * - the Blobs requests of one sign-in;
 * with --expire, how long the hourly job would take to delete the 100,000 at once (it stops after 20 s
 * and goes on in the next runs). It prints figures; it is not a test.
 *
 * The old records are written straight into the second server's folder (the emulator keeps one file per
 * key), which takes seconds instead of minutes of HTTP writes; their keys are the ones the storage module
 * builds (`throttleMarks.keyFor`).
 *
 *   npx tsx scripts/bench/sign-in.ts [--old 100000] [--runs 400] [--logins 20] [--expire]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createUser } from '~/server/accounts/accounts';
import { removeExpiredSignInFailures, signIn } from '~/server/accounts/sign-in';
import { beginAttempt } from '~/server/accounts/throttle';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { throttleMarks, throttleSubject } from '~/server/storage/throttle-marks';
import { timings } from '~tools/bench-stats';

const { values } = parseArgs({
  options: {
    old: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '400' },
    logins: { type: 'string', default: '20' },
  },
});
const OLD = Number(values.old);
const RUNS = Number(values.runs);
const LOGINS = Number(values.logins);
const MINUTE = 60_000;

let requests = 0;
const empty = await startLocalBlobs({ onRequest: () => requests++ });
const full = await startLocalBlobs({ onRequest: () => requests++ });

const username = 'bench@parcelwise.example';
const password = 'bench-password-1';
const request = { address: '192.0.2.10', userAgent: 'bench', knownDeviceId: null };
const rules = [
  { subject: throttleSubject.usernameAtAddress(username, request.address), limit: 10 },
  { subject: throttleSubject.username(username), limit: 50 },
  { subject: throttleSubject.address(request.address), limit: 100 },
];
for (const server of [empty, full]) {
  server.activate();
  await createUser({ username, password, name: 'Bench', role: 'user', createdBy: 'operator' });
}

const seedStarted = performance.now();
const now = Date.now();
const folders = new Set<string>();
const files: string[] = [];
for (let index = 0; index < OLD; index++) {
  const at = new Date(now - 31 * MINUTE - ((index * 7919) % (30 * 24 * 60)) * MINUTE - (index % 60) * 1000);
  const user = `user-${index % 2000}@parcelwise.example`;
  const address = `198.51.${index % 250}.${index % 2}`;
  const kinds = [throttleSubject.usernameAtAddress(user, address), throttleSubject.username(user), throttleSubject.address(address)];
  const file = path.join(
    full.directory,
    'entries',
    'local',
    'site:learning-hub',
    ...throttleMarks.keyFor(kinds[index % 3]!, at).split('/'),
  );
  folders.add(path.dirname(file));
  files.push(file);
}
for (const folder of folders) await mkdir(folder, { recursive: true });
for (let index = 0; index < files.length; index += 256)
  await Promise.all(files.slice(index, index + 256).map((file) => writeFile(file, '{}')));
console.log(`Seeded ${OLD.toLocaleString('en-US')} old failure records in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s\n`);

const samples = { throttle: { empty: [] as number[], full: [] as number[] }, login: { empty: [] as number[], full: [] as number[] } };
const perLogin = { empty: 0, full: 0 };
const servers: Array<['empty' | 'full', LocalBlobs]> = [
  ['empty', empty],
  ['full', full],
];
/** Both stores each run, in turns first (so neither always pays for the other's garbage or warms its cache). */
const inTurn = (run: number) => (run % 2 === 0 ? servers : [...servers].reverse());
for (let run = 0; run < RUNS; run++) {
  for (const [name, server] of inTurn(run)) {
    server.activate();
    const started = performance.now();
    const attempt = await beginAttempt(rules, 'throttled');
    await attempt.succeeded(attempt.earlier[0]);
    samples.throttle[name].push(performance.now() - started);
  }
}
for (let run = 0; run < LOGINS; run++) {
  for (const [name, server] of inTurn(run)) {
    server.activate();
    const before = requests;
    const started = performance.now();
    await signIn(username, password, request);
    samples.login[name].push(performance.now() - started);
    perLogin[name] = requests - before;
  }
}
for (const name of ['empty', 'full'] as const) {
  console.log(name === 'empty' ? 'No failure records' : `With ${OLD.toLocaleString('en-US')} old failure records`);
  console.log(`  throttle step  ${timings(samples.throttle[name])}`);
  console.log(`  whole sign-in  ${timings(samples.login[name])}`);
  console.log(`  Blobs requests per sign-in: ${perLogin[name]} (3 sequential round trips)`);
}

full.activate();
const expireStarted = performance.now();
const removed = await removeExpiredSignInFailures();
console.log(
  `\nHourly job: removed ${removed.toLocaleString('en-US')} expired records in ${((performance.now() - expireStarted) / 1000).toFixed(1)} s`,
);

await Promise.all([empty.stop(), full.stop()]);
