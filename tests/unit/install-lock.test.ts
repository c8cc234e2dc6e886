// One npm install at a time in a checkout (scripts/install-lock.mjs): `npm start` and `npm test` side by
// side must not write node_modules at once.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { takeInstallLock } from '../../scripts/install-lock.mjs';

const freshLock = () => path.join(mkdtempSync(path.join(tmpdir(), 'install-lock-')), '.install-lock');

describe('install lock', () => {
  it('a second install waits until the first has released the lock, and says so once', async () => {
    const lock = freshLock();
    const releaseFirst = await takeInstallLock(lock);
    expect(readFileSync(path.join(lock, 'pid'), 'utf8')).toBe(String(process.pid));
    const waits: string[] = [];
    let secondHasIt = false;
    const second = takeInstallLock(lock, () => waits.push('waiting'), 10).then((release) => {
      secondHasIt = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(secondHasIt).toBe(false);
    expect(waits).toEqual(['waiting']);
    releaseFirst();
    const releaseSecond = await second;
    expect(secondHasIt).toBe(true);
    releaseSecond();
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over a lock whose owner is gone (an install killed midway)', async () => {
    const lock = freshLock();
    mkdirSync(lock);
    writeFileSync(path.join(lock, 'pid'), '999999999');
    const waits: string[] = [];
    const release = await takeInstallLock(lock, () => waits.push('waiting'), 10);
    expect(waits).toEqual([]);
    expect(readFileSync(path.join(lock, 'pid'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
