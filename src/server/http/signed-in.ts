/**
 * Who is signed in, asked the same way by pages and API routes. The middleware opens a session gate per
 * request: the user id the sealed session cookie names (iron seals it with SESSION_SECRET, so it cannot
 * be forged; it is wrong only for a session that has ended) and the check of the stored session.
 * A protected route runs beside that check, so it can start its reads for the claimed user in the same
 * round trip; they are used only once the check has confirmed the user, and dropped otherwise. A route
 * learns who asks only from these helpers, which wait for the check, so it writes only after it.
 * `locals.user` and `locals.isAdmin` throw when read before the check has finished, saying what to await.
 */
import type { PublicUser } from '~/shared/api/users';
import { ACCESS_DENIED_DESCRIPTION } from '~/shared/access';
import { withBackgroundGate } from '~/server/background';
import { HttpError } from '~/server/errors';

export interface SessionUser {
  user: PublicUser;
  isAdmin: boolean;
}

export interface SessionGate {
  /** The user id the session cookie names, before the check; null without a valid cookie. */
  claimedUserId: string | null;
  /** The session id the cookie names ('' without one): which of a person's sessions is this browser's. */
  sessionId: string;
  /** The signed-in user once the stored session is confirmed; null when signed out. */
  check: Promise<SessionUser | null>;
  /**
   * A signed-in write's place in the person's write limit (accounts/write-limit.ts), read beside the check:
   * admitted (429 over the limit) once the check confirms the user, before the route learns who asks.
   */
  writes?: { admit(): Promise<{ written: Promise<void> }> } | undefined;
}

/** Each gate's admitted write: its mark being written (admitted once, however often the route asks who is signed in). */
const admitted = new WeakMap<SessionGate, Promise<{ written: Promise<void> }>>();

/** Admits a signed-in write under the person's write limit (once per request); throws the 429. */
async function admitWrite(gate: SessionGate): Promise<void> {
  if (!gate.writes) return;
  if (!admitted.has(gate)) admitted.set(gate, gate.writes.admit());
  await admitted.get(gate);
}

/**
 * The mark of this request's admitted write once written (nothing when none was admitted): the middleware
 * waits for it before answering, so the person's next write counts it. A failed mark is not the write's failure.
 */
export async function writeMarkWritten(locals: App.Locals): Promise<void> {
  const admission = await admitted.get(locals.session)?.catch(() => null); // refused: no mark
  await admission?.written.catch((error: unknown) => console.warn('A write-limit mark was not saved', error));
}

const EARLY_READ =
  'locals.user was read before the session check finished: await signedIn(locals) (pages) or requireUser(locals) ' +
  '(API routes) from src/server/http/signed-in.ts first.';

/** Sets up `locals` for one request (the middleware, once per request, rewrites included). */
export function openSessionGate(locals: App.Locals, gate: SessionGate): void {
  let settled: SessionUser | null | undefined;
  gate.check.then(
    (result) => (settled = result),
    () => (settled = null),
  );
  const known = () => {
    if (settled === undefined) throw new Error(EARLY_READ);
    return settled;
  };
  Object.defineProperties(locals, {
    session: { value: gate, configurable: true },
    user: { get: () => known()?.user ?? null, configurable: true },
    isAdmin: { get: () => known()?.isAdmin ?? false, configurable: true },
  });
}

/**
 * The signed-in user and what `reads` answered for them, or null when signed out. `reads` starts with
 * the claimed user id before the check ends, so it must only read.
 */
export async function signedIn<T = undefined>(
  locals: App.Locals,
  reads?: (userId: string) => Promise<T>,
): Promise<(SessionUser & { data: T }) | null> {
  const { claimedUserId, check } = locals.session;
  if (claimedUserId === null) return null;
  const data = reads?.(claimedUserId);
  data?.catch(() => undefined); // not unhandled while the check runs; awaited once it passed
  const who = await check;
  if (!who) return null;
  await admitWrite(locals.session);
  return { ...who, data: (await data) as T };
}

/** signedIn for an API route: 401 "Not signed in" when signed out. */
export async function requireUser<T = undefined>(
  locals: App.Locals,
  reads?: (userId: string) => Promise<T>,
): Promise<SessionUser & { data: T }> {
  const who = await signedIn(locals, reads);
  if (!who) throw new HttpError(401, 'Not signed in');
  return who;
}

/**
 * An administrator's page: the user and what `reads` answered, `data` null for anybody but an
 * administrator; null when signed out. `reads` reads what every administrator sees, so it starts beside
 * the check for whoever asks; its answer is dropped unseen, and its background work (a cache save)
 * skipped, unless the check confirms an administrator.
 */
export async function adminView<T>(locals: App.Locals, reads: () => Promise<T>): Promise<(SessionUser & { data: T | null }) | null> {
  const confirmedAdmin = locals.session.check.then(
    (who) => who?.isAdmin === true,
    () => false,
  );
  // A failed read (an unknown person: 404) is told to administrators only; anybody else learns nothing from it.
  const settled = () =>
    withBackgroundGate(confirmedAdmin, reads).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  const who = await signedIn(locals, settled);
  if (!who) return null;
  if (!who.isAdmin) return { ...who, data: null };
  if (!who.data.ok) throw who.data.error;
  return { ...who, data: who.data.value };
}

/** adminView for an API route: 401 when signed out, 403 with the Access Denied text (or the route's own) for anybody else. */
export async function requireAdmin<T = undefined>(
  locals: App.Locals,
  reads: () => Promise<T> = async () => undefined as T,
  deniedMessage: string = ACCESS_DENIED_DESCRIPTION,
): Promise<SessionUser & { data: T }> {
  const who = await adminView(locals, reads);
  if (!who) throw new HttpError(401, 'Not signed in');
  if (!who.isAdmin) throw new HttpError(403, deniedMessage);
  return { ...who, data: who.data as T };
}
