// Runs one of the repository's TypeScript scripts as `npm run` would, in a Node process of its own with tsx's loader
// (`node --import tsx`): one process per run, where `npx tsx` starts three. Gives its exit code and what it printed.
import { execFile } from 'node:child_process';
import path from 'node:path';

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export function runScript(script: string, args: readonly string[], options: { timeout?: number } = {}): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, script), ...args],
      { cwd: ROOT, timeout: options.timeout ?? 300_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
