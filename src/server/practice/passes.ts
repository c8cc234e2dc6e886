/**
 * Passing reviews, for what counts them without the scenarios: a person's plan (programs/evidence.ts) and when a
 * scenario comes back. Apart from the practice service so that reading a plan loads no content collection.
 */
import { PRACTICE_AGAIN_DAYS } from '~/shared/api/practice';
import { passes } from './storage/passes';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each scenario's passing reviews, oldest first. */
export const practicePassesOf = (userId: string): Promise<Map<string, Date[]>> => passes.of(userId);

/** When a scenario comes back to practise: 30 days after its first pass, then 90 after each later one. */
export function practiseAgainAt(passTimes: readonly Date[]): Date | null {
  const latest = passTimes.at(-1);
  if (!latest) return null;
  const days = PRACTICE_AGAIN_DAYS[Math.min(passTimes.length, PRACTICE_AGAIN_DAYS.length) - 1]!;
  return new Date(latest.getTime() + days * DAY_MS);
}
