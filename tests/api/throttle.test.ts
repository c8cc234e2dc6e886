// Sign-in throttling (docs/decisions.md "Throttling", docs/security.md): race-proof counting, the four
// limits, known devices, addresses (IPv6 /64 and /48, none), Retry-After, unlock, and storage failures.
// In process only: several tests seed or read throttle records through the storage module.
import { sealData } from 'iron-session';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setPassword } from '~/server/accounts/accounts';
import { cookieKey } from '~/server/accounts/session-cookie';
import { throttleAddress, throttleNetwork } from '~/server/client-address';
import { unlockUsername } from '~/server/accounts/sign-in';
import { throttleMarks, throttleSubject } from '~/server/storage/throttle-marks';
import { messageOf, signUp, useTestApp, type ApiClient } from './harness';

const t = useTestApp();
const inProcess = process.env['API_BASE_URL'] === undefined;
const PASSWORD = 'correct-horse-battery'; // harness signUp's password
const THROTTLED = 'Too many failed sign-in attempts. Please try again later.';

const login = (username: string, password: string, ip: string, client?: ApiClient) =>
  client
    ? client.request('POST', '/api/login', { body: { username, password }, ip })
    : t.app.request('POST', '/api/login', { body: { username, password }, ip });

async function expectThrottled(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(900);
  expect(await messageOf(response)).toBe(THROTTLED);
}

/** Seeds failed sign-ins as if they had been made just now (cheaper than scrypt-checking 50 or 100 passwords). */
async function seed(subject: ReturnType<typeof throttleSubject.username>, count: number): Promise<void> {
  const now = Date.now();
  await Promise.all(Array.from({ length: count }, (_, i) => throttleMarks.record(subject, new Date(now - 60_000 + i))));
}

describe.skipIf(!inProcess)('sign-in throttling', () => {
  it('lets at most 10 of 40 simultaneous wrong passwords be checked; the rest answer 429 with Retry-After', async () => {
    const { user } = await signUp(t.app);
    const responses = await Promise.all(Array.from({ length: 40 }, () => login(user.username, 'wrong-password', '10.40.0.1')));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    for (const response of responses.filter((r) => r.status === 429)) await expectThrottled(response);
    // Refused attempts are not failures: exactly the checked ones are counted.
    const since = new Date(Date.now() - 15 * 60_000);
    const counted = await throttleMarks.since(throttleSubject.usernameAtAddress(user.username, '10.40.0.1'), since, new Date());
    expect(counted).toHaveLength(statuses.filter((status) => status === 401).length);
    for (let failures = counted.length; failures < 10; failures++)
      expect((await login(user.username, 'wrong-password', '10.40.0.1')).status).toBe(401);
    await expectThrottled(await login(user.username, PASSWORD, '10.40.0.1'));
  }, 240_000);

  it('a spray from one address at one user does not lock the user out of another address or of a known device', async () => {
    const { user } = await signUp(t.app);
    const device = t.app.client();
    expect((await login(user.username, PASSWORD, '10.41.0.1', device)).status).toBe(200); // the user's own browser
    const attacker = '10.41.0.66';
    for (let attempt = 0; attempt < 12; attempt++) await login(user.username, `guess-${attempt}`, attacker);
    await expectThrottled(await login(user.username, PASSWORD, attacker));
    // The same office address, but the user's known browser: its own budget.
    expect((await login(user.username, PASSWORD, attacker, device)).status).toBe(200);
    // Another address.
    expect((await login(user.username, PASSWORD, '10.41.0.2')).status).toBe(200);
  }, 240_000);

  it('an office address with 9 typos by several users still signs everyone in', async () => {
    const office = '10.42.0.1';
    const people = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    for (const { user } of people) {
      for (let typo = 0; typo < 3; typo++) expect((await login(user.username, `typo-${typo}`, office)).status).toBe(401);
    }
    for (const { user } of people) expect((await login(user.username, PASSWORD, office)).status).toBe(200);
  }, 240_000);

  it('50 failures for a username from all addresses lock it everywhere except on a known device', async () => {
    const { user } = await signUp(t.app);
    const device = t.app.client();
    expect((await login(user.username, PASSWORD, '10.43.0.1', device)).status).toBe(200);
    await seed(throttleSubject.username(user.username), 49);
    expect((await login(user.username, 'one-more-wrong', '10.43.9.9')).status).toBe(401); // the 50th
    await expectThrottled(await login(user.username, PASSWORD, '10.43.8.8'));
    expect((await login(user.username, PASSWORD, '10.43.7.7', device)).status).toBe(200);
  }, 180_000);

  it('100 failures from one address across usernames (password spraying) lock that address, not others', async () => {
    const sprayer = '10.44.0.1';
    const { user } = await signUp(t.app);
    await seed(throttleSubject.address(sprayer), 99);
    expect((await login(`nobody-${Date.now()}@parcelwise.example`, 'spray-1', sprayer)).status).toBe(401); // the 100th
    await expectThrottled(await login(user.username, PASSWORD, sprayer));
    expect((await login(user.username, PASSWORD, '10.44.0.2')).status).toBe(200);
  }, 180_000);

  it('records each failure under the pair, the username and the address (what the seeded tests assume)', async () => {
    const { user } = await signUp(t.app);
    const ip = '10.45.0.1';
    for (let attempt = 0; attempt < 2; attempt++) expect((await login(user.username, 'wrong-password', ip)).status).toBe(401);
    const since = new Date(Date.now() - 15 * 60_000);
    for (const subject of [
      throttleSubject.usernameAtAddress(user.username, ip),
      throttleSubject.username(user.username),
      throttleSubject.address(ip),
    ]) {
      expect(await throttleMarks.since(subject, since, new Date())).toHaveLength(2);
    }
    // A success clears the pair's failures (not the username's or the address's totals).
    expect((await login(user.username, PASSWORD, ip)).status).toBe(200);
    expect(await throttleMarks.since(throttleSubject.usernameAtAddress(user.username, ip), since, new Date())).toHaveLength(0);
    expect(await throttleMarks.since(throttleSubject.username(user.username), since, new Date())).toHaveLength(2);
  }, 180_000);

  it('counts IPv6 clients by /64', async () => {
    const { user } = await signUp(t.app);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(user.username, 'wrong-password', `2001:db8:7:7::${(i + 1).toString(16)}`)),
    );
    await expectThrottled(await login(user.username, PASSWORD, '2001:db8:7:7:ffff:ffff:ffff:ffff'));
    expect((await login(user.username, PASSWORD, '2001:db8:7:8::1')).status).toBe(200);
  }, 180_000);

  it('counts IPv6 clients by /48 as well: past 200 failures from the /64s of one /48, every /64 of it is refused; IPv4 clients are not', async () => {
    const { user } = await signUp(t.app);
    // 197 failures already counted for the /48 (as if from 197 of its 65,536 /64s), then three more from /64s of their own.
    await seed(throttleSubject.network(throttleNetwork(throttleAddress('2001:db8:48::1'))!), 197);
    for (let i = 1; i <= 3; i++) {
      expect((await login(`nobody-${i}-${Date.now()}@parcelwise.example`, 'spray', `2001:db8:48:${i}::1`)).status).toBe(401);
    }
    await expectThrottled(await login(user.username, PASSWORD, '2001:db8:48:ffff::1'));
    expect((await login(user.username, PASSWORD, '2001:db8:49:1::1')).status, 'another /48').toBe(200);
    expect((await login(user.username, PASSWORD, '10.48.0.1')).status, 'an IPv4 client').toBe(200);
  }, 180_000);

  it('counts requests without an address as one shared address, never as exempt', async () => {
    const { user } = await signUp(t.app);
    await Promise.all(Array.from({ length: 10 }, () => login(user.username, 'wrong-password', '')));
    await expectThrottled(await login(user.username, PASSWORD, ''));
    expect(throttleAddress('')).toBe(throttleAddress('not-an-address'));
    expect((await login(user.username, PASSWORD, '10.46.0.1')).status).toBe(200);
  }, 180_000);

  it('does not honour a forged known-device cookie', async () => {
    const { user } = await signUp(t.app);
    const ip = '10.47.0.1';
    await seed(throttleSubject.usernameAtAddress(user.username, ip), 10);
    const forged = t.app.client();
    const probe = await login(user.username, PASSWORD, '10.47.0.2', forged); // learn the cookie's name
    const name = probe.headers
      .getSetCookie()
      .map((c) => c.split('=')[0]!)
      .find((n) => n.startsWith('pw_device_'))!;
    expect(name).toBeDefined();
    const response = await t.app.request('POST', '/api/login', {
      body: { username: user.username, password: PASSWORD },
      ip,
      headers: { Cookie: `${name}=Fe26.2**forged*value` },
    });
    await expectThrottled(response);
  }, 180_000);

  it('honours a device cookie only while its record exists: one sealed with the secret but unknown here (another deploy context, another store) exempts nothing', async () => {
    const { user } = await signUp(t.app);
    const ip = '10.48.0.1';
    const name = `pw_device_${createHash('sha256').update(user.username).digest('hex').slice(0, 16)}`;
    const minted = await sealData(
      { username: user.username, deviceId: 'minted-on-a-preview' },
      { password: cookieKey('device'), ttl: 30 * 86_400 },
    );
    await seed(throttleSubject.usernameAtAddress(user.username, ip), 10);
    const replayed = await t.app.request('POST', '/api/login', {
      body: { username: user.username, password: 'a-guess-of-someone-else' },
      ip,
      headers: { Cookie: `${name}=${minted}` },
    });
    await expectThrottled(replayed);
  }, 180_000);

  it('forgets every known device when the password changes: its cookie exempts nothing after', async () => {
    const { user } = await signUp(t.app);
    const device = t.app.client();
    expect((await login(user.username, PASSWORD, '10.49.0.1', device)).status).toBe(200);
    const ip = '10.49.0.2';
    await seed(throttleSubject.usernameAtAddress(user.username, ip), 10);
    expect((await login(user.username, PASSWORD, ip, device)).status, 'a known device').toBe(200);
    await setPassword(user.username, 'Quiet-harbor-lantern-81');
    await seed(throttleSubject.usernameAtAddress(user.username, ip), 10);
    await expectThrottled(await login(user.username, 'Quiet-harbor-lantern-81', ip, device));
  }, 180_000);

  it('counts failures through known devices toward a ceiling of 200 per username', async () => {
    const { user } = await signUp(t.app);
    const device = t.app.client();
    expect((await login(user.username, PASSWORD, '10.50.0.1', device)).status).toBe(200);
    await seed(throttleSubject.usernameOnDevices(user.username), 200);
    await expectThrottled(await login(user.username, PASSWORD, '10.50.0.1', device));
  }, 180_000);

  it('sets the known-device cookie HttpOnly, SameSite=Lax, for 30 days, one per username', async () => {
    const [a, b] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const browser = t.app.client();
    const first = await login(a.user.username, PASSWORD, '10.48.0.1', browser);
    const second = await login(b.user.username, PASSWORD, '10.48.0.1', browser);
    const deviceCookie = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith('pw_device_'))!;
    for (const cookie of [deviceCookie(first), deviceCookie(second)]) {
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBe(30 * 24 * 3600);
    }
    expect(deviceCookie(first).split('=')[0]).not.toBe(deviceCookie(second).split('=')[0]);
  }, 180_000);

  it('unlock clears a username’s failures', async () => {
    const { user } = await signUp(t.app);
    const ip = '10.49.0.1';
    await seed(throttleSubject.usernameAtAddress(user.username, ip), 10);
    await seed(throttleSubject.username(user.username), 40);
    await expectThrottled(await login(user.username, PASSWORD, ip));
    expect(await unlockUsername(user.username)).toBe(50);
    expect((await login(user.username, PASSWORD, ip)).status).toBe(200);
  }, 180_000);

  it('refuses (503) and checks no password when the attempt cannot be recorded', async () => {
    // Last: this stops the file's Blobs server.
    const { user } = await signUp(t.app);
    await t.app.stopBlobs!();
    const response = await login(user.username, PASSWORD, '10.50.0.1');
    expect(response.status).toBe(503);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('pw_session='))).toBe(false);
  });
});
