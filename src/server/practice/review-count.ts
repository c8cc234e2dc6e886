/**
 * How many practice attempts wait for review: the sidebar's badge for administrators. Apart from the practice
 * service (no content to load), and started by the session gate as soon as the check confirms an administrator,
 * so the listing runs beside the page's own reads instead of after them.
 */
import { reviewQueue } from './storage/review-queue';

export const countWaiting = async (): Promise<number> => (await reviewQueue.waiting()).length;

const started = new WeakMap<object, Promise<number | null>>();

/** The count for this request's session gate: null for anybody but an administrator, or when it cannot be read. */
export function waitingForReviewer(gate: { check: Promise<{ isAdmin: boolean } | null> }): Promise<number | null> {
  let count = started.get(gate);
  if (!count) {
    count = gate.check.then((who) => (who?.isAdmin ? countWaiting() : null)).catch(() => null);
    started.set(gate, count);
  }
  return count;
}
