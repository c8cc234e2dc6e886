// The operator's CLI assigns and ends onboarding programs (npm run user -- assign | unassign), against a
// local Blobs store of its own site id: what it prints, and what it refuses.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../support/run-script';

const SITE = `cli-programs-${randomUUID().slice(0, 8)}`;
const USERNAME = `cli-${randomUUID().slice(0, 8)}@parcelwise.example`;

async function user(...args: string[]): Promise<{ code: number; out: string }> {
  const { code, stdout, stderr } = await runScript('scripts/user.ts', [...args, '--site-id', SITE]);
  return { code, out: `${stdout}${stderr}` };
}

afterAll(() => {
  for (const part of ['entries', 'metadata']) rmSync(path.resolve('.netlify/blobs-serve', part, SITE), { recursive: true, force: true });
});

describe('npm run user -- assign / unassign', () => {
  it(
    'assigns, moves, switches and ends a program; refuses an unknown program, a bad date and ending twice',
    { timeout: 600_000 },
    async () => {
      expect((await user('create', '--username', USERNAME, '--name', 'Cli Learner', '--password', 'Lantern-orbit-72-quill')).out).toContain(
        `Created ${USERNAME}`,
      );
      const unknown = await user('assign', '--username', USERNAME, '--program', 'astronaut-onboarding');
      expect(unknown.code).toBe(2);
      expect(unknown.out).toContain(
        '--program must be one of: account-executive-onboarding, customer-success-onboarding, discovery-refresher, sdr-onboarding.',
      );
      expect((await user('assign', '--username', USERNAME, '--program', 'sdr-onboarding', '--start', '26-11-2026')).out).toContain(
        '--start must be a date written YYYY-MM-DD.',
      );
      const early = await user('assign', '--username', USERNAME, '--program', 'sdr-onboarding', '--start', '2014-12-31');
      expect(early).toMatchObject({ code: 1, out: expect.stringContaining('startDate must be on or after 2015-01-01') });
      expect((await user('assign', '--username', USERNAME, '--program', 'sdr-onboarding', '--start', '2026-11-02')).out).toContain(
        `Assigned SDR onboarding for ${USERNAME}, starting 2026-11-02.`,
      );
      expect((await user('assign', '--username', USERNAME, '--program', 'sdr-onboarding', '--start', '2026-11-09')).out).toContain(
        `Moved the start of SDR onboarding for ${USERNAME}, starting 2026-11-09.`,
      );
      expect((await user('assign', '--username', USERNAME, '--program', 'discovery-refresher', '--start', '2026-11-09')).out).toContain(
        `Switched to Discovery refresher for ${USERNAME}, starting 2026-11-09.`,
      );
      expect((await user('assign', '--username', USERNAME, '--program', 'discovery-refresher', '--start', '2026-11-09')).out).toContain(
        `Unchanged: Discovery refresher for ${USERNAME}, starting 2026-11-09.`,
      );
      expect((await user('unassign', '--username', USERNAME)).out).toContain('--reason is required.');
      expect((await user('unassign', '--username', USERNAME, '--reason', 'Left the company')).out).toContain(
        `Ended the onboarding program of ${USERNAME}.`,
      );
      expect(await user('unassign', '--username', USERNAME, '--reason', 'again')).toMatchObject({
        code: 1,
        out: expect.stringContaining(`${USERNAME} has no active program`),
      });
    },
  );
});
