/**
 * How many practice attempts wait for review: the sidebar's badge for administrators. Apart from the practice
 * service (no content to load). The session gate starts the listing with the session check, for whoever is
 * signed in, so it shares the check's round trip instead of adding one after the page's reads; its answer is
 * kept only for an administrator.
 */
import { reviewQueue } from './storage/review-queue';

export const countWaiting = async (): Promise<number> => (await reviewQueue.waiting()).length;

const started = new WeakMap<object, Promise<number | null>>();

/** The count for this request's session gate: null for anybody but an administrator, or when it cannot be read. */
export function waitingForReviewer(gate: { check: Promise<{ isAdmin: boolean } | null> }): Promise<number | null> {
  let count = started.get(gate);
  if (!count) {
    const listed = countWaiting().catch(() => null);
    count = gate.check.then((who) => (who?.isAdmin ? listed : null)).catch(() => null);
    started.set(gate, count);
  }
  return count;
}
