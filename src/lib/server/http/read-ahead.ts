// Reads beside the session check (docs/decisions.md "Blobs round trips"). On the GET routes listed
// here the middleware does not hold the route back until the session check is done: the route starts
// its own reads with the user id the sealed session cookie names, in the same round trip as the
// session and user records, and uses them only once the check has passed. The cookie cannot be forged
// (iron seals it with SESSION_SECRET), so the id is wrong only for a session that has been ended, and
// then the reads are dropped. Until the check passes `locals.user` is null, so route code that does not
// wait for it behaves as signed out (a redirect, a 401), never the other way round.
import type { PublicUser } from '~/lib/api/users';
import { HttpError } from '~/lib/server/errors';

/** Route patterns (as Astro names them) whose GET reads go out beside the session check. */
export const READ_AHEAD_ROUTES: ReadonlySet<string> = new Set([
  '/',
  '/modules/[id]',
  '/industry-knowledge/[id]',
  '/modules/[id]/lessons/[lessonId]',
  '/quizzes',
  '/review',
  '/api/daily-challenge',
  '/api/modules/[id]',
  '/api/progress',
  '/api/quiz-results',
  '/api/review',
]);

/**
 * The signed-in user and what `reads` answered for them, or null when the session check fails. On a
 * route of READ_AHEAD_ROUTES the reads start before the check ends; anywhere else the check is already
 * done and they start after it. A read's failure is reported only once the check has passed.
 */
export async function signedInWith<T>(
  locals: App.Locals,
  reads: (userId: string) => Promise<T>,
): Promise<{ user: PublicUser; data: T } | null> {
  const claimed = locals.claimedUserId;
  const early = claimed === null ? null : reads(claimed);
  early?.catch(() => undefined); // not unhandled while the check runs; awaited below once it passed
  await locals.sessionCheck;
  const user = locals.user;
  if (!user) return null;
  return { user, data: await (early !== null && claimed === user.id ? early : reads(user.id)) };
}

/** signedInWith for an API call: 401 "Not signed in" when the check fails. */
export async function requireUserWith<T>(locals: App.Locals, reads: (userId: string) => Promise<T>): Promise<T> {
  const signedIn = await signedInWith(locals, reads);
  if (!signedIn) throw new HttpError(401, 'Not signed in');
  return signedIn.data;
}
