/**
 * A bound on costly work in one process (password hashing: passwords.ts): at most `atOnce` tasks run at a
 * time, at most `waiting` more wait for a place, first come first served, and any task beyond is refused
 * at once with the `busy()` error, so a burst is answered quickly instead of piling up memory and time.
 */
export interface WorkLimit {
  /** Runs `work` once a place is free; throws `busy()` without running it when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly running: number;
  /** Tasks waiting for a place now. */
  readonly queued: number;
}

export function workLimit({ atOnce, waiting, busy }: { atOnce: number; waiting: number; busy: () => Error }): WorkLimit {
  let running = 0;
  const queue: Array<() => void> = [];

  /** A place for one task: at once when one is free, else in turn. */
  const place = (): Promise<void> => {
    if (running < atOnce) {
      running += 1;
      return Promise.resolve();
    }
    if (queue.length >= waiting) return Promise.reject(busy());
    // The place is handed over by the task that frees it (`running` stays counted for it).
    return new Promise((resolve) => queue.push(resolve));
  };
  const free = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      await place();
      try {
        return await work();
      } finally {
        free();
      }
    },
    get running() {
      return running;
    },
    get queued() {
      return queue.length;
    },
  };
}
