/**
 * A Vitest hook for tests that set environment variables: after each test, the named ones are back to what
 * they were when the test file loaded (unset if they were unset).
 */
import { afterEach } from 'vitest';

export function restoreEnvAfterEach(...names: string[]): void {
  const saved = new Map(names.map((name) => [name, process.env[name]]));
  afterEach(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}
