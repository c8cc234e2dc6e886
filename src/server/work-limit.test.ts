import { describe, expect, it } from 'vitest';
import { workLimit } from './work-limit';

/** A task the test finishes by hand: started tells whether the limit let it run. */
function task(name: string, log: string[]) {
  let finish!: (ok: boolean) => void;
  let started = false;
  const done = new Promise<boolean>((resolve) => (finish = resolve));
  const work = async () => {
    started = true;
    log.push(name);
    if (!(await done)) throw new Error(`${name} failed`);
    return name;
  };
  return { work, finish, started: () => started };
}

const busy = () => new Error('busy');
/** Lets promise callbacks already due run (a finished task hands its place on through them). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('workLimit', () => {
  it('runs at most `atOnce` tasks at a time and starts the waiting ones in the order they came', async () => {
    const limit = workLimit({ atOnce: 2, waiting: 3, busy });
    const log: string[] = [];
    const tasks = ['a', 'b', 'c', 'd', 'e'].map((name) => task(name, log));
    const results = tasks.map(({ work }) => limit.run(work));
    await settle();
    expect(log).toEqual(['a', 'b']);
    expect([limit.running, limit.queued]).toEqual([2, 3]);
    tasks[1]!.finish(true);
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    tasks[0]!.finish(true);
    await settle();
    expect(log).toEqual(['a', 'b', 'c', 'd']);
    for (const { finish } of tasks) finish(true);
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([limit.running, limit.queued]).toEqual([0, 0]);
  });

  it('refuses a task at once, with the busy error, when `waiting` tasks already wait; runs nothing of it', async () => {
    const limit = workLimit({ atOnce: 1, waiting: 1, busy });
    const log: string[] = [];
    const [first, second, third] = ['first', 'second', 'third'].map((name) => task(name, log));
    const running = limit.run(first!.work);
    const waiting = limit.run(second!.work);
    await expect(limit.run(third!.work)).rejects.toThrow('busy');
    expect(third!.started()).toBe(false);
    first!.finish(true);
    second!.finish(true);
    expect(await Promise.all([running, waiting])).toEqual(['first', 'second']);
    // With room again, a new task runs.
    const fourth = task('fourth', log);
    const later = limit.run(fourth.work);
    fourth.finish(true);
    expect(await later).toBe('fourth');
  });

  it('frees the place of a task that failed: its error reaches its caller and the next task starts', async () => {
    const limit = workLimit({ atOnce: 1, waiting: 1, busy });
    const log: string[] = [];
    const failing = task('failing', log);
    const next = task('next', log);
    const failed = limit.run(failing.work);
    const after = limit.run(next.work);
    await settle();
    expect(next.started()).toBe(false);
    failing.finish(false);
    await expect(failed).rejects.toThrow('failing failed');
    await settle();
    expect(next.started()).toBe(true);
    next.finish(true);
    expect(await after).toBe('next');
    expect([limit.running, limit.queued]).toEqual([0, 0]);
  });
});
