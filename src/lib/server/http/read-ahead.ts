// Reads beside the session check (docs/decisions.md "Blobs round trips"). On the routes listed here the
// middleware does not hold the route back until the session check is done: the route starts
// its own reads with the user id the sealed session cookie names, in the same round trip as the
// session and user records, and uses them only once the check has passed. The cookie cannot be forged
// (iron seals it with SESSION_SECRET), so the id is wrong only for a session that has been ended, and
// then the reads are dropped. Until the check passes `locals.user` is null, so route code that does not
// wait for it behaves as signed out (a redirect, a 401), never the other way round. A write call reads
// this way and writes only after: its writes wait for the check like everything else. The team pages
// read what every administrator would (`adminWith`): for anybody else the reads are dropped unseen.
import type { PublicUser } from '~/lib/api/users';
import { HttpError } from '~/lib/server/errors';
import { requireAdmin } from './request';

/** `METHOD pattern` (the pattern as Astro names the route) of the calls that read beside the session check. */
export const READ_AHEAD_ROUTES: ReadonlySet<string> = new Set([
  'GET /',
  'GET /modules/[id]',
  'GET /industry-knowledge/[id]',
  'GET /modules/[id]/lessons/[lessonId]',
  'GET /quizzes',
  'GET /review',
  'GET /api/daily-challenge',
  'POST /api/daily-challenge/complete',
  'GET /api/modules/[id]',
  'PATCH /api/modules/[id]',
  'GET /api/progress',
  'POST /api/progress',
  'PATCH /api/progress/[id]',
  'GET /api/quiz-results',
  'GET /api/review',
  'GET /team-progress',
  'GET /api/team-progress',
  'GET /api/team-progress/knowledge',
]);

/**
 * The signed-in user and what `reads` answered for them, or null when the session check fails. On a
 * call of READ_AHEAD_ROUTES the reads start before the check ends; anywhere else the check is already
 * done and they start after it. `reads` must only read: whatever it starts may run for a session that
 * has ended (background work it starts waits for the check, request-trace.ts). A read's failure is
 * reported only once the check has passed.
 */
export async function signedInWith<T>(
  locals: App.Locals,
  reads: (userId: string) => Promise<T>,
): Promise<{ user: PublicUser; data: T } | null> {
  const claimed = locals.claimedUserId;
  const early = startEarly(locals, reads);
  await locals.sessionCheck;
  const user = locals.user;
  if (!user) return null;
  return { user, data: await (early !== null && claimed === user.id ? early : reads(user.id)) };
}

/** signedInWith for an API call: 401 "Not signed in" when the check fails. */
export async function requireUserWith<T>(
  locals: App.Locals,
  reads: (userId: string) => Promise<T>,
): Promise<{ user: PublicUser; data: T }> {
  const signedIn = await signedInWith(locals, reads);
  if (!signedIn) throw new HttpError(401, 'Not signed in');
  return signedIn;
}

/** Starts `reads` now, for the user the cookie names, on a call of READ_AHEAD_ROUTES; null anywhere else. */
function startEarly<T>(locals: App.Locals, reads: (claimedUserId: string) => Promise<T>): Promise<T> | null {
  if (locals.claimedUserId === null) return null;
  const early = reads(locals.claimedUserId);
  early.catch(() => undefined); // not unhandled while the check runs; awaited once it passed
  return early;
}

/**
 * For an administrator's page: what `reads` answered, or null when the session check fails or the user
 * is not an administrator. `reads` reads what every administrator sees, nothing of the user: on a call of
 * READ_AHEAD_ROUTES it starts beside the check and is dropped unseen for anybody else.
 */
export async function adminWith<T>(locals: App.Locals, reads: () => Promise<T>): Promise<T | null> {
  const early = startEarly(locals, reads);
  await locals.sessionCheck;
  if (!locals.user || !locals.isAdmin) return null;
  return early ?? reads();
}

/** adminWith for an API call: 401 "Not signed in" or 403 as requireAdmin answers, else what `reads` answered. */
export async function requireAdminWith<T>(locals: App.Locals, reads: () => Promise<T>): Promise<T> {
  const early = startEarly(locals, reads);
  await locals.sessionCheck;
  requireAdmin(locals);
  return early ?? reads();
}
