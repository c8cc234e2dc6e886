import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  blobsRequestTimeoutMs,
  blobsStoreName,
  checkSettings,
  deployContext,
  isLocalRun,
  registrationPolicy,
  registrationsPerDay,
  sessionSecret,
  writesPerMinute,
} from './config';

const KEYS = [
  'CONTEXT',
  'PARCELWISE_LOCAL',
  'NETLIFY_DEV',
  'NETLIFY_LOCAL',
  'SESSION_SECRET',
  'SIGNUP_CODE',
  'WRITES_PER_MINUTE',
  'REGISTRATIONS_PER_DAY',
  'BLOBS_TIMEOUT_MS',
  'NETLIFY',
  'SITE_ID',
  'DEPLOY_ID',
] as const;
const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));
/** The Netlify runtime's global (functions v2), with the deploy context of the request being served. */
const runtime = globalThis as { Netlify?: { context: { deploy: { context?: string } } | null } };

afterEach(() => {
  delete runtime.Netlify;
  vi.unstubAllEnvs();
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe('local mode', () => {
  it('is on with an explicit local flag outside Netlify, and never in a deployed context', () => {
    process.env['PARCELWISE_LOCAL'] = 'true';
    delete process.env['CONTEXT'];
    expect(isLocalRun()).toBe(true);
    for (const context of ['production', 'deploy-preview', 'branch-deploy']) {
      process.env['CONTEXT'] = context;
      expect(isLocalRun()).toBe(false);
    }
    process.env['CONTEXT'] = 'dev'; // netlify dev
    expect(isLocalRun()).toBe(true);
  });

  it("takes the deploy context from the Netlify runtime when CONTEXT is not set: a preview's is never local", () => {
    delete process.env['CONTEXT'];
    process.env['PARCELWISE_LOCAL'] = 'true';
    runtime.Netlify = { context: { deploy: { context: 'deploy-preview' } } };
    expect(deployContext()).toBe('deploy-preview');
    expect(isLocalRun()).toBe(false);
    expect(blobsStoreName()).toBe('learning-hub-deploy-preview');
    runtime.Netlify = { context: { deploy: { context: 'dev' } } }; // the Netlify CLI's local emulation
    expect(isLocalRun()).toBe(true);
  });

  it.each([
    ['the runtime global without a request context', () => (runtime.Netlify = { context: null })],
    ['the runtime global with an unknown deploy context', () => (runtime.Netlify = { context: { deploy: {} } })],
    ['NETLIFY=true', () => (process.env['NETLIFY'] = 'true')],
    ['SITE_ID', () => (process.env['SITE_ID'] = '5b1d0c4e-site')],
    ['DEPLOY_ID', () => (process.env['DEPLOY_ID'] = '65f0c0ffee')],
  ])('is never local on Netlify without a known deploy context (%s), whatever local flag is set', (_case, onNetlify) => {
    vi.stubEnv('DEV', false); // a built function, not the dev server
    delete process.env['CONTEXT'];
    delete process.env['SESSION_SECRET'];
    process.env['PARCELWISE_LOCAL'] = 'true';
    process.env['NETLIFY_LOCAL'] = 'true';
    expect(isLocalRun(), 'off Netlify').toBe(true);
    onNetlify();
    expect(isLocalRun()).toBe(false);
    expect(() => sessionSecret()).toThrow('SESSION_SECRET is not set');
  });

  it('gives a Blobs request 2.5 s on a deployed site whatever is set, else BLOBS_TIMEOUT_MS, else 10 s in a local run', () => {
    process.env['BLOBS_TIMEOUT_MS'] = '300';
    for (const context of ['production', 'deploy-preview', 'branch-deploy']) {
      process.env['CONTEXT'] = context;
      expect(blobsRequestTimeoutMs(), context).toBe(2_500);
    }
    process.env['CONTEXT'] = 'dev';
    expect(blobsRequestTimeoutMs()).toBe(300);
    for (const bad of ['', '0', '-5', 'soon', '2.5']) {
      process.env['BLOBS_TIMEOUT_MS'] = bad;
      expect(blobsRequestTimeoutMs(), bad).toBe(10_000);
    }
  });

  it('gives deploy previews and branch deploys their own Blobs store', () => {
    delete process.env['CONTEXT'];
    expect(blobsStoreName()).toBe('learning-hub');
    process.env['CONTEXT'] = 'production';
    expect(blobsStoreName()).toBe('learning-hub');
    process.env['CONTEXT'] = 'deploy-preview';
    expect(blobsStoreName()).toBe('learning-hub-deploy-preview');
    process.env['CONTEXT'] = 'branch-deploy';
    expect(blobsStoreName()).toBe('learning-hub-branch-deploy');
  });
});

describe('settings', () => {
  it('refuses the public development secret outside local mode, and accepts it in local mode', () => {
    process.env['SESSION_SECRET'] = 'local-only-parcelwise-session-secret-do-not-deploy';
    process.env['CONTEXT'] = 'production';
    expect(() => sessionSecret()).toThrow('SESSION_SECRET is the public development secret');
    delete process.env['CONTEXT'];
    process.env['PARCELWISE_LOCAL'] = 'true';
    expect(sessionSecret()).toBe('local-only-parcelwise-session-secret-do-not-deploy');
  });

  it('refuses an invite code shorter than 16 characters, naming SIGNUP_CODE', () => {
    process.env['SESSION_SECRET'] = 'x'.repeat(40);
    process.env['SIGNUP_CODE'] = '123456789012345';
    expect(() => checkSettings()).toThrow('SIGNUP_CODE must be at least 16 characters long.');
    expect(() => registrationPolicy()).toThrow('SIGNUP_CODE');
    process.env['SIGNUP_CODE'] = '1234567890123456';
    expect(() => checkSettings()).not.toThrow();
    expect(registrationPolicy()).toEqual({ open: true, code: '1234567890123456' });
  });
});

describe('limits', () => {
  it('default to 60 writes a minute and 20 new accounts a day, follow their settings, and answer 503 naming a bad one', () => {
    delete process.env['WRITES_PER_MINUTE'];
    delete process.env['REGISTRATIONS_PER_DAY'];
    expect([writesPerMinute(), registrationsPerDay()]).toEqual([60, 20]);
    process.env['WRITES_PER_MINUTE'] = ' 120 ';
    process.env['REGISTRATIONS_PER_DAY'] = '1';
    expect([writesPerMinute(), registrationsPerDay()]).toEqual([120, 1]);
    for (const bad of ['0', '-5', '1e3', 'many', '100001']) {
      process.env['REGISTRATIONS_PER_DAY'] = bad;
      expect(() => checkSettings(), bad).toThrow('REGISTRATIONS_PER_DAY must be a whole number from 1 to 100000 (default 20).');
    }
  });
});
