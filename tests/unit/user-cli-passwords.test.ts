// The operator CLI states the password rule the server enforces (password-policy.ts) and holds its
// passwords to it, against a local Blobs store of its own site id.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../support/run-script';

const SITE = `cli-passwords-${randomUUID().slice(0, 8)}`;

async function user(...args: string[]): Promise<{ code: number; out: string }> {
  const { code, stdout, stderr } = await runScript('scripts/user.ts', [...args, '--site-id', SITE]);
  return { code, out: `${stdout}${stderr}` };
}

afterAll(() => {
  for (const part of ['entries', 'metadata']) rmSync(path.resolve('.netlify/blobs-serve', part, SITE), { recursive: true, force: true });
});

describe('npm run user -- create / set-password', () => {
  it('states the rule in its usage and refuses a password the rule refuses, saying why', { timeout: 600_000 }, async () => {
    const usage = await user('no-such-command', '--username', 'someone@parcelwise.example');
    expect(usage.code).toBe(2);
    expect(usage.out).toContain(
      "--password <text>    at least 12 characters (15 for an administrator), not common, not built from the name, the username or the company's name",
    );
    const username = `cli-pw-${randomUUID().slice(0, 8)}@parcelwise.example`;
    const short = await user('create', '--username', username, '--name', 'Cli Person', '--password', 'seven-7');
    expect(short.code).toBe(1);
    expect(short.out).toContain('password: must be at least 12 characters');
    const admin = await user('create', '--username', username, '--name', 'Cli Person', '--password', 'Lantern-orbit1', '--role', 'admin');
    expect(admin.out).toContain('password: must be at least 15 characters for an administrator');
  });
});
