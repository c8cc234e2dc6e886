// A sign-in is journaled as a login (Team Progress's login count) beside the writes that sign the person
// in. When any of them fails the person is not signed in (503), so the login is withdrawn: the count is
// of sign-ins that answered, however often a failing one is tried again.
import { journal } from '~/server/journal/journal';

/** Runs `writes` with the login journaled beside them; on a failure, withdraws the login (best effort) and throws. */
export async function withLoginJournaled<T>(userId: string, now: Date, writes: Promise<T>): Promise<T> {
  const journalId = journal.newId(now);
  const [journaled, done] = await Promise.allSettled([
    journal.add(userId, { kind: 'login', recordedAt: now.toISOString() }, journalId),
    writes,
  ]);
  if (journaled.status === 'fulfilled' && done.status === 'fulfilled') return done.value;
  // A timed-out journal write may have landed too: withdrawing a key that is not there changes nothing.
  await journal.withdraw(userId, journalId, { kind: 'login' }).catch(() => undefined);
  throw done.status === 'rejected' ? done.reason : (journaled as PromiseRejectedResult).reason;
}
