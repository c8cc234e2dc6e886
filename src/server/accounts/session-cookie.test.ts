import type { AstroCookies } from 'astro';
import { sealData } from 'iron-session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreEnvAfterEach } from '~tests/support/env';
import { cookieKey, SESSION_TTL_SECONDS, sessionCookieData } from './session-cookie';

const SECRET = 'a-unit-test-session-secret-of-40-characters';
const url = new URL('http://localhost:4321/');
const data = { userId: '6f1c2a8e-0000-4000-8000-000000000001', sessionId: 'S'.repeat(43), version: 1 };
const cookiesWith = (value: string | undefined) =>
  ({ get: (name: string) => (name === 'pw_session' && value !== undefined ? { value } : undefined) }) as unknown as AstroCookies;
const seal = (password = cookieKey('session')) => sealData(data, { password, ttl: SESSION_TTL_SECONDS });

restoreEnvAfterEach('SESSION_SECRET', 'CONTEXT');
beforeEach(() => {
  process.env['SESSION_SECRET'] = SECRET;
  delete process.env['CONTEXT'];
});
afterEach(() => vi.useRealTimers());

describe('sessionCookieData', () => {
  it('is empty without a cookie', async () => {
    expect(await sessionCookieData(cookiesWith(undefined), url)).toEqual({});
  });

  it('unseals a cookie sealed with the secret', async () => {
    expect(await sessionCookieData(cookiesWith(await seal()), url)).toEqual(data);
  });

  it('refuses a cookie past its 7 days', async () => {
    const sealed = await seal();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (SESSION_TTL_SECONDS + 120) * 1000);
    expect(await sessionCookieData(cookiesWith(sealed), url)).toEqual({});
  });

  it('refuses a tampered cookie', async () => {
    const parts = (await seal()).split('*');
    parts[4] = `${parts[4]!.slice(0, -2)}AA`;
    expect(await sessionCookieData(cookiesWith(parts.join('*')), url)).toEqual({});
  });

  it('refuses a cookie sealed with another secret', async () => {
    process.env['SESSION_SECRET'] = 'another-unit-test-secret-of-40-characters';
    const sealed = await seal();
    process.env['SESSION_SECRET'] = SECRET;
    expect(await sessionCookieData(cookiesWith(sealed), url)).toEqual({});
  });

  it('refuses a cookie sealed for another purpose, or with the secret itself', async () => {
    expect(await sessionCookieData(cookiesWith(await seal(cookieKey('device'))), url)).toEqual({});
    expect(await sessionCookieData(cookiesWith(await seal(SECRET)), url)).toEqual({});
  });

  it('refuses in production a cookie a deploy preview sealed with the same secret', async () => {
    process.env['CONTEXT'] = 'deploy-preview';
    const sealed = await seal();
    expect(await sessionCookieData(cookiesWith(sealed), url)).toEqual(data); // the preview itself accepts it
    process.env['CONTEXT'] = 'production';
    expect(await sessionCookieData(cookiesWith(sealed), url)).toEqual({});
  });
});
