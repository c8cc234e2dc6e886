// The limits on new accounts (docs/decisions.md "Registration"): at most REGISTRATIONS_PER_DAY (20) new
// accounts in 24 hours (429 with Retry-After, nothing stored), counted record-first so simultaneous
// registrations cannot race past it, a refused or failed registration taking no place; and, when
// OIDC_ALLOWED_DOMAINS is set, registration only for addresses of those domains.
// In process only: the settings are this process's environment.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { backgroundWorkDone } from '~/server/background';
import { messageOf, useTestApp } from './harness';

const inProcess = process.env['API_BASE_URL'] === undefined;
const t = useTestApp();
const SETTINGS = ['REGISTRATIONS_PER_DAY', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ALLOWED_DOMAINS'] as const;
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of SETTINGS) {
    const value = name === 'REGISTRATIONS_PER_DAY' ? process.env[name] : saved[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const register = (username = `new-${randomUUID().slice(0, 8)}@parcelwise.example`) =>
  t.app.client().post('/api/register', { username, password: 'correct-horse-battery', name: 'New Person' });

describe.skipIf(!inProcess)('new accounts', () => {
  it('allows REGISTRATIONS_PER_DAY new accounts a day, then answers 429 with Retry-After and makes none; a failed registration takes no place', async () => {
    process.env['REGISTRATIONS_PER_DAY'] = '3';
    const taken = `taken-${randomUUID().slice(0, 8)}@parcelwise.example`;
    expect((await register(taken)).status).toBe(201);
    expect((await register()).status).toBe(201);
    expect(await messageOf(await register(taken), 409)).toBe('Username may already exist'); // takes no place
    expect((await register()).status).toBe(201);

    const refusedName = `refused-${randomUUID().slice(0, 8)}@parcelwise.example`;
    const refused = await register(refusedName);
    expect(await messageOf(refused, 429)).toBe('Too many new accounts today (at most 3 a day). Please try again later.');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(86_400 - 120);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    // Nothing of it was made: the name is free once the limit allows (its claim is given back after the answer).
    await backgroundWorkDone();
    process.env['REGISTRATIONS_PER_DAY'] = '4';
    expect((await register(refusedName)).status).toBe(201);
  });

  it('lets at most the limit of simultaneous registrations through', async () => {
    process.env['REGISTRATIONS_PER_DAY'] = '9'; // four made above: five places left
    const statuses = await Promise.all(Array.from({ length: 8 }, async () => (await register()).status));
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 201 && status !== 429)).toEqual([]);
    // Refused ones gave their places back (after their answers): one at a time, the rest of the five are taken, then no more.
    await backgroundWorkDone();
    let made = statuses.filter((status) => status === 201).length;
    for (;;) {
      const status = (await register()).status;
      if (status !== 201) {
        expect(status).toBe(429);
        break;
      }
      made += 1;
    }
    expect(made).toBe(5);
  });

  it('registers only addresses of OIDC_ALLOWED_DOMAINS when it is set', async () => {
    process.env['REGISTRATIONS_PER_DAY'] = '100';
    Object.assign(process.env, {
      OIDC_ISSUER: 'https://idp.parcelwise.example',
      OIDC_CLIENT_ID: 'hub',
      OIDC_CLIENT_SECRET: 'a-client-secret',
      OIDC_ALLOWED_DOMAINS: 'parcelwise.example, eu.parcelwise.example',
    });
    for (const username of ['someone@elsewhere.example', 'someone@sub.parcelwise.example', 'someone@PARCELWISE.example.com']) {
      expect(await messageOf(await register(username), 403), username).toBe(
        'Registration is open only to addresses of parcelwise.example, eu.parcelwise.example.',
      );
    }
    expect((await register(`Ana.${randomUUID().slice(0, 4)}@EU.Parcelwise.Example`)).status).toBe(201);
  });
});
