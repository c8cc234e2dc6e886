// Background work: started only once the request's session check passed, handed to the platform's
// waitUntil, and failures logged instead of thrown at the request.
import { describe, expect, it, vi } from 'vitest';
import { backgroundWorkDone, inBackground, isBackgroundWork, withRequestScope } from './background';

describe('inBackground', () => {
  it('runs after the session check passed, hands the task to waitUntil, and marks it as background work', async () => {
    const handed: Array<Promise<unknown>> = [];
    let confirm!: (signedIn: boolean) => void;
    const signedIn = new Promise<boolean>((resolve) => (confirm = resolve));
    const seen: boolean[] = [];
    withRequestScope({ signedIn, waitUntil: (promise) => handed.push(promise) }, () => {
      inBackground('a cache save', async () => void seen.push(isBackgroundWork()));
      seen.push(isBackgroundWork());
    });
    expect(handed).toHaveLength(1);
    await Promise.resolve();
    expect(seen).toEqual([false]); // waits for the check
    confirm(true);
    await backgroundWorkDone();
    expect(seen).toEqual([false, true]);
  });

  it('never runs for a session that turned out to be ended', async () => {
    const task = vi.fn(async () => undefined);
    withRequestScope({ signedIn: Promise.resolve(false) }, () => inBackground('a cache save', task));
    await backgroundWorkDone();
    expect(task).not.toHaveBeenCalled();
  });

  it('logs a failed task instead of throwing it at the request', async () => {
    const errors: unknown[][] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    try {
      inBackground('a doomed save', async () => {
        throw new Error('storage down');
      });
      await backgroundWorkDone();
    } finally {
      spy.mockRestore();
    }
    expect(errors[0]?.[0]).toBe('background: a doomed save failed');
  });
});
