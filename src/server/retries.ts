// Writes that are safe to repeat (docs/decisions.md "Repeated and retried writes"). A fact (a lesson
// completion, a challenge answer, the answers of one quiz submission or review answer) is stored under ids
// derived from it (storage/keys.ts `factEventId`), so a repeat writes the same create-only keys and stores
// nothing new. A retry of a write that failed half-way finds what its first try stored and completes it
// with the first try's time, up to RETRY_WINDOW_MS later: readers that cache (the team rollup, a person's
// review snapshot) keep that long open, so what lands late is still counted.

/** How long after a fact's first try a retry completes it under the first try's time. */
export const RETRY_WINDOW_MS = 10 * 60_000;

/** Whether a retry at `now` may still complete a first try made at `first`. */
export const withinRetryWindow = (first: Date, now: Date): boolean => now.getTime() - first.getTime() <= RETRY_WINDOW_MS;
