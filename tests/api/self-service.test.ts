// What people manage themselves: their sessions (list, end one, end all the others: each ended one then
// gets 401), their password (the current one required, the policy held, the other sessions ended), a
// browser signing in again replacing its own session, and at most 10 sessions a person.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backgroundWorkDone } from '~/server/background';
import { ownSessionsSchema } from '~/shared/api/settings';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { expectJson, messageOf, signIn, useTestApp, type ApiClient } from './harness';

const t = useTestApp();
const PASSWORD = 'Lantern-orbit-72-quill';

async function person(
  name = 'Sam Settings',
): Promise<{ username: string; name: string; browser: (userAgent?: string) => Promise<ApiClient> }> {
  const username = `self-${randomUUID().slice(0, 8)}@parcelwise.example`;
  const first = t.app.client();
  expect((await first.post('/api/register', { username, password: PASSWORD, name })).status).toBe(201);
  const browser = async (userAgent = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0') => {
    const client = t.app.client();
    const response = await client.request('POST', '/api/login', {
      body: { username, password: PASSWORD },
      headers: { 'User-Agent': userAgent },
    });
    expect(response.status).toBe(200);
    return client;
  };
  return { username, name, browser };
}

describe('sessions', () => {
  it('lists the person’s sessions with browser, times and address, this one marked, never another person’s', async () => {
    const sam = await person();
    const laptop = await sam.browser();
    await sam.browser('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15');
    const sessions = await expectJson(await laptop.get('/api/sessions'), 200, ownSessionsSchema);
    expect(sessions).toHaveLength(3); // registration, the laptop, the Mac
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.map((session) => session.browser)).toEqual(expect.arrayContaining(['Firefox on Linux', 'Safari on macOS']));
    expect(sessions[0]).toMatchObject({ address: '127.0.0.1' });
    const other = await (await person('Other Person')).browser();
    const theirs = await expectJson(await other.get('/api/sessions'), 200, ownSessionsSchema);
    expect(theirs.map((session) => session.handle)).not.toEqual(expect.arrayContaining(sessions.map((session) => session.handle)));
  });

  it('ends one other session, which then gets 401; not the current one, not a stranger’s', async () => {
    const sam = await person();
    const laptop = await sam.browser();
    const phone = await sam.browser();
    const sessions = await expectJson(await laptop.get('/api/sessions'), 200, ownSessionsSchema);
    const current = sessions.find((session) => session.current)!;
    expect(await messageOf(await laptop.request('DELETE', `/api/sessions/${current.handle}`), 400)).toBe(
      'handle: this is the session you are using: use Logout',
    );
    const phoneHandle = (await expectJson(await phone.get('/api/sessions'), 200, ownSessionsSchema)).find(
      (session) => session.current,
    )!.handle;
    const stranger = await (await person('Stranger')).browser();
    expect(await messageOf(await stranger.request('DELETE', `/api/sessions/${phoneHandle}`), 404)).toBe('No such session');
    expect((await laptop.request('DELETE', `/api/sessions/${phoneHandle}`)).status).toBe(204);
    expect(await messageOf(await phone.get('/api/user'), 401)).toBe('Not signed in');
    expect((await laptop.get('/api/user')).status).toBe(200);
  });

  it('signs out everywhere else: every other session gets 401, this one stays', async () => {
    const sam = await person();
    const [laptop, phone, tablet] = [await sam.browser(), await sam.browser(), await sam.browser()];
    expect(await expectJson(await laptop.request('DELETE', '/api/sessions'), 200)).toEqual({ ended: 3 });
    for (const ended of [phone, tablet]) expect((await ended.get('/api/user')).status).toBe(401);
    expect((await laptop.get('/api/user')).status).toBe(200);
    expect(await expectJson(await laptop.get('/api/sessions'), 200, ownSessionsSchema)).toHaveLength(1);
  });

  it('a browser signing in again replaces its own session', async () => {
    const sam = await person();
    const laptop = await sam.browser();
    const before = await expectJson(await laptop.get('/api/sessions'), 200, ownSessionsSchema);
    const oldCookie = laptop.cookie!;
    expect((await laptop.login(sam.username, PASSWORD)).status).toBe(200);
    const after = await expectJson(await laptop.get('/api/sessions'), 200, ownSessionsSchema);
    expect(after).toHaveLength(before.length);
    const replayed = await t.app.request('GET', '/api/user', { headers: { Cookie: oldCookie } });
    expect(replayed.status).toBe(401);
  });

  it('keeps at most 10 sessions a person: a sign-in beyond ends the oldest', async () => {
    const sam = await person();
    const browsers: ApiClient[] = [];
    for (let i = 0; i < 10; i++) browsers.push(await sam.browser());
    await backgroundWorkDone();
    const sessions = await expectJson(await browsers.at(-1)!.get('/api/sessions'), 200, ownSessionsSchema);
    expect(sessions).toHaveLength(10);
    expect((await browsers[0]!.get('/api/user')).status, 'the first sign-in of ten still lives').toBe(200);
    // The registration's session was the oldest of eleven.
  });
});

describe('changing the password', () => {
  it('needs the current password, holds the new one to the policy, and ends the other sessions', async () => {
    const sam = await person('Sam Settings');
    const laptop = await sam.browser();
    const phone = await sam.browser();
    const change = (currentPassword: string, newPassword: string) => laptop.post('/api/password', { currentPassword, newPassword });
    expect(await messageOf(await change('not-my-password', 'Quiet-harbor-lantern-81'), 400)).toBe(
      'currentPassword: is not your current password',
    );
    expect(await messageOf(await change(PASSWORD, 'short-one'), 400)).toBe('password: must be at least 12 characters');
    expect(await messageOf(await change(PASSWORD, 'sam-settings-parcelwise'), 400)).toBe(
      "password: is built from your name, your username or the company's name",
    );
    expect((await change(PASSWORD, 'Quiet-harbor-lantern-81')).status).toBe(204);
    expect((await phone.get('/api/user')).status, 'the other session ended').toBe(401);
    expect((await laptop.get('/api/user')).status, 'this browser stays signed in').toBe(200);
    expect((await t.app.client().login(sam.username, PASSWORD)).status).toBe(401);
    expect((await t.app.client().login(sam.username, 'Quiet-harbor-lantern-81')).status).toBe(200);
  });

  it('is throttled: ten wrong current passwords from one address, then 429', async () => {
    const sam = await person();
    const laptop = await sam.browser();
    for (let i = 0; i < 10; i++)
      expect((await laptop.post('/api/password', { currentPassword: `wrong-${i}`, newPassword: 'Quiet-harbor-lantern-81' })).status).toBe(
        400,
      );
    const locked = await laptop.post('/api/password', { currentPassword: PASSWORD, newPassword: 'Quiet-harbor-lantern-81' });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('checks at most 10 of 25 simultaneous wrong current passwords; the rest answer 429 with Retry-After', async () => {
    const sam = await person();
    const laptop = await sam.browser();
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        laptop.post('/api/password', { currentPassword: `wrong-${i}`, newPassword: 'Quiet-harbor-lantern-81' }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 400).length, statuses.join(' ')).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status !== 400 && status !== 429)).toEqual([]);
    for (const refused of responses.filter((response) => response.status === 429)) {
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(900);
      expect(await messageOf(refused)).toBe('Too many wrong passwords. Please try again later.');
    }
  }, 240_000);

  it('states on /settings the rule the server holds a new password to: 12 characters, 15 for an administrator', async () => {
    const rule = (minimum: number) =>
      `At least ${minimum} characters, not common, and not built from your name, your username or the company's name.`;
    const settingsOf = async (client: ApiClient) => {
      const page = await client.request('GET', '/settings', { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(200);
      return (await page.text()).replaceAll('&#39;', "'");
    };
    const learner = await settingsOf(await (await person()).browser());
    expect(learner).toContain(rule(12));
    expect(learner).toMatch(/name="newPassword"[^>]*minlength="12"/);
    const admin = await settingsOf(await signIn(t.app, DEMO_ADMIN));
    expect(admin).toContain(rule(15));
    expect(admin).toMatch(/name="newPassword"[^>]*minlength="15"/);
  });

  it('refuses a registration whose password the policy refuses, with the reason', async () => {
    const register = (password: string, name = 'Pat Policy') =>
      t.app.client().post('/api/register', { username: `policy-${randomUUID().slice(0, 8)}@parcelwise.example`, password, name });
    expect(await messageOf(await register('seven-7'), 400)).toBe('password: Password must be at least 12 characters');
    expect(await messageOf(await register('eleven-char'), 400)).toBe('password: Password must be at least 12 characters');
    expect(await messageOf(await register('pat-policy-2024'), 400)).toBe(
      "password: is built from your name, your username or the company's name",
    );
    expect(await messageOf(await register('parcelwise-rocks'), 400)).toBe(
      "password: is built from your name, your username or the company's name",
    );
    expect(await messageOf(await register('qwertyuiopasdf'), 400)).toBe(
      'password: is too easy to guess; make it longer or less predictable',
    );
    expect((await register('Quiet-harbor-lantern-81')).status).toBe(201);
  });
});
