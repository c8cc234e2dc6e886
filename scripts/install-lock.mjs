// One `npm install` at a time in a checkout. Two installs writing the same node_modules at once corrupt it
// (TAR_ENTRY_ERROR, missing files), and a newcomer may start `npm start` and `npm test` side by side.
// The lock is a folder (mkdir is atomic) holding the owner's pid; a lock whose owner is gone (killed
// mid-install) is taken over. Plain JavaScript: it runs on Node 20, before anything is installed.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function ownerAlive(lock) {
  try {
    process.kill(Number(readFileSync(path.join(lock, 'pid'), 'utf8')), 0);
    return true;
  } catch (error) {
    return error?.code === 'EPERM';
  }
}

/**
 * Waits for the lock and takes it; answers the function that releases it (also run at exit).
 * `onWait` is called once if another owner holds it.
 */
export async function takeInstallLock(lock, onWait = () => {}, pollMs = 1000) {
  let told = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error?.code !== 'EEXIST') throw error;
    }
    // A fresh lock may not have its pid yet: only a lock with a pid and no live owner is stale.
    if (existsSync(path.join(lock, 'pid')) && !ownerAlive(lock)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!told) onWait();
    told = true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const release = () => rmSync(lock, { recursive: true, force: true });
  process.on('exit', release);
  return release;
}
