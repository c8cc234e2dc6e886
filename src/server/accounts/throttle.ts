// Attempt throttling that parallel requests cannot race (sign-in, invite codes; docs/decisions.md
// "Throttling"). Each attempt is RECORDED FIRST (its own create-only key per subject), then counted
// including itself, then refused above the limit, and only then checked. Any request sees every attempt
// recorded before its own, so of N simultaneous attempts at most `limit` get past the count. An attempt
// that is refused is not a failure (its records are deleted: retrying while locked out does not extend
// the lockout); one that succeeds deletes its records; one that fails stays counted for 15 minutes.
// If an attempt cannot be recorded, storage answers 503 and nothing is checked.
import { HttpError } from '~/server/errors';
import { throttleMarks, type StoredAttempt, type ThrottleSubject } from '~/server/storage/throttle-marks';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

export interface ThrottleRule {
  subject: ThrottleSubject;
  /** Failures allowed in the window; the attempt that would be one more is refused. */
  limit: number;
}

export interface Attempt {
  /** The earlier attempts still counted, per rule (same order as the rules), without this one. */
  readonly earlier: readonly (readonly StoredAttempt[])[];
  /** The attempt succeeded: delete its records, and the earlier attempts given (failures a success clears). */
  succeeded(alsoClear?: readonly StoredAttempt[]): Promise<void>;
  /** The attempt was never checked after all (the server was too busy): delete its records, as a refused one's. */
  withdrawn(): Promise<void>;
}

/** Seconds until one more attempt would be counted within the limit: when enough of the oldest expire. */
function retryAfterSeconds(others: readonly StoredAttempt[], limit: number, now: Date): number {
  const mustExpire = others[others.length - limit];
  const waitMs = mustExpire ? mustExpire.at.getTime() + THROTTLE_WINDOW_MS - now.getTime() : 0;
  // An attempt of a concurrent request may carry a time a moment after `now`: never more than one window.
  return Math.min(THROTTLE_WINDOW_MS / 1000, Math.max(1, Math.ceil(waitMs / 1000)));
}

/** An attempt recorded under every rule's subject, not yet counted (the first half of `beginAttempt`). */
export interface RecordedAttempt {
  rules: readonly ThrottleRule[];
  /** This attempt's keys, one per rule (same order). */
  mine: readonly string[];
  now: Date;
}

/** Records the attempt under every rule's subject: one Blobs round trip, the writes in parallel. */
export async function recordAttempt(rules: readonly ThrottleRule[], now: Date = new Date()): Promise<RecordedAttempt> {
  const recorded = await Promise.allSettled(rules.map((rule) => throttleMarks.record(rule.subject, now)));
  const mine = recorded.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = recorded.find((result) => result.status === 'rejected');
  if (failure) {
    await throttleMarks.remove(mine).catch(() => undefined);
    throw failure.reason; // StorageUnavailableError: 503, and the password is never checked
  }
  return { rules, mine, now };
}

/**
 * Counts a recorded attempt with the earlier ones and answers it, or throws 429 with `Retry-After`
 * (`message` as its text) when any rule is over its limit: one Blobs round trip, the listings in parallel.
 */
export async function countAttempt(
  { rules, mine, now }: RecordedAttempt,
  message: string,
  /** Which rules judge this attempt, once known (settled beside the listings); every rule by default. */
  judging: Promise<(rule: ThrottleRule) => boolean> = Promise.resolve(() => true),
): Promise<Attempt> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [counted, judges] = await Promise.all([Promise.all(rules.map((rule) => throttleMarks.since(rule.subject, since, now))), judging]);
  const earlier = counted.map((attempts, index) => attempts.filter((attempt) => attempt.key !== mine[index]));
  const waits = rules.flatMap((rule, index) =>
    judges(rule) && earlier[index]!.length + 1 > rule.limit ? [retryAfterSeconds(earlier[index]!, rule.limit, now)] : [],
  );
  if (waits.length > 0) {
    await throttleMarks.remove(mine).catch(() => undefined);
    throw new HttpError(429, message, { 'Retry-After': String(Math.max(...waits)) });
  }
  return {
    earlier,
    succeeded: (alsoClear = []) => throttleMarks.remove([...mine, ...alsoClear.map((attempt) => attempt.key)]),
    withdrawn: () => throttleMarks.remove(mine),
  };
}

/** Records the attempt, then counts it (`recordAttempt`, then `countAttempt`): two Blobs round trips. */
export async function beginAttempt(rules: readonly ThrottleRule[], message: string, now: Date = new Date()): Promise<Attempt> {
  return countAttempt(await recordAttempt(rules, now), message);
}

/** For a `.catch` of the check: the attempt is withdrawn (never checked), and the error goes on. */
export const withdrawing =
  (attempt: Attempt) =>
  async (error: unknown): Promise<never> => {
    await attempt.withdrawn().catch(() => undefined);
    throw error;
  };
