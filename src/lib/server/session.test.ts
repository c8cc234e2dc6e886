import type { AstroCookies } from 'astro';
import { sealData } from 'iron-session';
import * as iron from 'iron-session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_TTL_SECONDS, sessionCookieData } from './session';

vi.mock('iron-session', async (original) => {
  const actual = await original<typeof iron>();
  return { ...actual, unsealData: vi.fn(actual.unsealData) };
});

const SECRET = 'a-unit-test-session-secret-of-40-characters';
const url = new URL('http://localhost:4321/');
const data = { userId: '6f1c2a8e-0000-4000-8000-000000000001', sessionId: 'S'.repeat(43), version: 1 };
const cookiesWith = (value: string | undefined) =>
  ({ get: (name: string) => (name === 'pw_session' && value !== undefined ? { value } : undefined) }) as unknown as AstroCookies;
const seal = (secret = SECRET) => sealData(data, { password: secret, ttl: SESSION_TTL_SECONDS });

const savedSecret = process.env['SESSION_SECRET'];
beforeEach(() => {
  process.env['SESSION_SECRET'] = SECRET;
  vi.mocked(iron.unsealData).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  if (savedSecret === undefined) delete process.env['SESSION_SECRET'];
  else process.env['SESSION_SECRET'] = savedSecret;
});

describe('sessionCookieData', () => {
  it('is empty without a cookie', async () => {
    expect(await sessionCookieData(cookiesWith(undefined), url)).toEqual({});
  });

  it('unseals a cookie once, then answers from memory until the seal expires', async () => {
    const sealed = await seal();
    expect(await sessionCookieData(cookiesWith(sealed), url)).toEqual(data);
    expect(await sessionCookieData(cookiesWith(sealed), url)).toEqual(data);
    expect(iron.unsealData).toHaveBeenCalledTimes(1);
  });

  it('refuses a cookie past its 7 days, also after it was read before', async () => {
    const sealed = await seal();
    expect(await sessionCookieData(cookiesWith(sealed), url)).toEqual(data);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (SESSION_TTL_SECONDS + 120) * 1000);
    expect(await sessionCookieData(cookiesWith(sealed), url)).toEqual({});
  });

  it('refuses a tampered cookie and does not keep it', async () => {
    const sealed = await seal();
    const parts = sealed.split('*');
    parts[4] = `${parts[4]!.slice(0, -2)}AA`;
    const tampered = parts.join('*');
    expect(await sessionCookieData(cookiesWith(tampered), url)).toEqual({});
    expect(await sessionCookieData(cookiesWith(tampered), url)).toEqual({});
    expect(iron.unsealData).toHaveBeenCalledTimes(2);
  });

  it('forgets what it unsealed when the secret changes: old cookies no longer sign in', async () => {
    const sealed = await seal();
    expect(await sessionCookieData(cookiesWith(sealed), url)).toEqual(data);
    process.env['SESSION_SECRET'] = 'another-unit-test-secret-of-40-characters';
    expect(await sessionCookieData(cookiesWith(sealed), url)).toEqual({});
  });
});
