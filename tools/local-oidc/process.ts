/**
 * The local identity provider in a process of its own: tests that move this process's clock (an expired
 * ID token) need a provider whose clock stays true.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LocalOidc, LocalOidcOptions } from './server';

const CHILD = fileURLToPath(new URL('./process-child.ts', import.meta.url));

export async function startOidcProcess(options: LocalOidcOptions): Promise<LocalOidc> {
  const child = fork(CHILD, [JSON.stringify(options)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<Omit<LocalOidc, 'stop'>>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Omit<LocalOidc, 'stop'>));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The identity provider process exited (code ${code}) before it listened.`)));
  });
  return {
    ...ready,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}
