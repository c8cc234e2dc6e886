// The daily challenge's 12-hour UTC windows (docs/decisions.md "Daily challenge"): 00:00–12:00 and 12:00–24:00.
const WINDOW_HOURS = 12;
export const WINDOW_MS = WINDOW_HOURS * 60 * 60 * 1000;

export interface ChallengeWindow {
  /** Windows since 1970-01-01T00:00Z; the Unix epoch is midnight UTC, so windows start at 00:00 and 12:00 UTC. */
  index: number;
  /** Key-safe id such as "2026-11-23T12". */
  id: string;
  startsAt: Date;
  endsAt: Date;
  /**
   * Hours until the next window, one decimal, as a string. Rounded UP to the tenth so it reads "12.0" at
   * the start of a window and "0.1" in its last six minutes, never "0.0" (which the spec reads as unknown).
   */
  nextRefreshHours: string;
}

/** Pure window maths for an instant. */
export function challengeWindow(now: Date): ChallengeWindow {
  const time = now.getTime();
  if (!Number.isFinite(time)) throw new RangeError('challengeWindow: invalid date');
  const index = Math.floor(time / WINDOW_MS);
  const startsAt = new Date(index * WINDOW_MS);
  const endsAt = new Date((index + 1) * WINDOW_MS);
  const tenths = Math.ceil((endsAt.getTime() - time) / (WINDOW_MS / WINDOW_HOURS / 10));
  return {
    index,
    id: startsAt.toISOString().slice(0, 13),
    startsAt,
    endsAt,
    nextRefreshHours: (tenths / 10).toFixed(1),
  };
}
