// Cookies (iron-session seals, with SESSION_SECRET): the session cookie holds the user id, the random
// session id and the user's session version; the server keeps the session itself (services/sessions.ts),
// so logging out, a password change or an operator ends it at once. Served over https both cookies carry
// the `__Host-` prefix (Secure, Path=/, no Domain: no subdomain can set or shadow them).
// The known-device cookie says "this browser signed in as this username in the last 30 days"; it exempts
// the browser from the per-username sign-in limit (services/sign-in.ts).
import type { AstroCookieSetOptions, AstroCookies } from 'astro';
import { createHash, hkdfSync } from 'node:crypto';
import { getIronSession, sealData, unsealData, type CookieJar, type IronSession } from 'iron-session';
import { deployContext, sessionSecret } from '../config';

/** What a cookie is sealed for: a cookie sealed for one purpose never opens as another. */
export type CookiePurpose = 'session' | 'device' | 'oidc';

/**
 * The sealing key of a purpose in this deploy context, derived from SESSION_SECRET (HKDF-SHA256): a
 * cookie sealed by a deploy preview, which shares the secret but not the data, never opens in production.
 */
export function cookieKey(purpose: CookiePurpose): string {
  const info = `parcelwise-cookie:${purpose}:${deployContext() ?? 'local'}`;
  return Buffer.from(hkdfSync('sha256', sessionSecret(), 'parcelwise-learning-hub', info, 32)).toString('base64url');
}

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
const KNOWN_DEVICE_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface SessionData {
  userId: string;
  sessionId: string;
  version: number;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

const isHttps = (url: URL) => url.protocol === 'https:';
/** `__Host-` over https; the plain name on http (local runs), where browsers refuse the prefix. */
export const cookieName = (url: URL, name: string) => (isHttps(url) ? `__Host-${name}` : name);

export function cookieOptions(url: URL, maxAge: number): AstroCookieSetOptions {
  return { httpOnly: true, sameSite: 'lax', secure: isHttps(url) || !LOCAL_HOSTS.has(url.hostname), path: '/', maxAge };
}

/** Astro's cookies satisfy iron-session at run time but not in types; this adapter does both. */
function cookieJar(cookies: AstroCookies): CookieJar {
  return {
    read: (name) => cookies.get(name)?.value,
    // iron-session's options mark every field optional-or-undefined; Astro's are the same values.
    write: (name, value, options) => cookies.set(name, value, options as AstroCookieSetOptions),
  };
}

export function getSession(cookies: AstroCookies, url: URL): Promise<IronSession<SessionData>> {
  const { maxAge: _maxAge, ...options } = cookieOptions(url, SESSION_TTL_SECONDS);
  return getIronSession<SessionData>(cookieJar(cookies), {
    cookieName: cookieName(url, 'pw_session'),
    password: cookieKey('session'),
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: options,
  });
}

/** The session cookie's data (empty when there is none, or it is forged, expired or sealed with another secret). */
export async function sessionCookieData(cookies: AstroCookies, url: URL): Promise<Partial<SessionData>> {
  const sealed = cookies.get(cookieName(url, 'pw_session'))?.value;
  if (!sealed) return {};
  return unsealData<Partial<SessionData>>(sealed, { password: cookieKey('session'), ttl: SESSION_TTL_SECONDS }).catch(
    () => ({}) as Partial<SessionData>,
  );
}

/** Seals the cookie of a session the server has just stored (services/sessions.ts `openSession`). */
export async function startSession(cookies: AstroCookies, url: URL, data: SessionData): Promise<void> {
  const session = await getSession(cookies, url);
  session.userId = data.userId;
  session.sessionId = data.sessionId;
  session.version = data.version;
  await session.save();
}

// ---------------------------------------------------------------------------------------------
// Known devices: one cookie per username, so each person on a shared browser keeps their own.

const deviceCookieName = (url: URL, username: string) =>
  cookieName(url, `pw_device_${createHash('sha256').update(username).digest('hex').slice(0, 16)}`);

/** The random id of this browser for the username, when it signed in as that username in the last 30 days. */
export async function knownDeviceId(cookies: AstroCookies, url: URL, username: string): Promise<string | null> {
  const sealed = cookies.get(deviceCookieName(url, username))?.value;
  if (!sealed) return null;
  const data = await unsealData<{ username?: string; deviceId?: string }>(sealed, {
    password: cookieKey('device'),
    ttl: KNOWN_DEVICE_TTL_SECONDS,
  }).catch(() => ({}) as { username?: string; deviceId?: string });
  return data.username === username && typeof data.deviceId === 'string' ? data.deviceId : null;
}

/** Marks this browser as a known device of the username for 30 more days (after a successful sign-in). */
export async function rememberDevice(cookies: AstroCookies, url: URL, username: string, deviceId: string): Promise<void> {
  const sealed = await sealData({ username, deviceId }, { password: cookieKey('device'), ttl: KNOWN_DEVICE_TTL_SECONDS });
  cookies.set(deviceCookieName(url, username), sealed, cookieOptions(url, KNOWN_DEVICE_TTL_SECONDS));
}

// ---------------------------------------------------------------------------------------------
// A sign-in with the identity provider in progress: what the browser must bring back (state, nonce,
// PKCE verifier), sealed, for ten minutes. SameSite=Lax, so it comes along on the provider's redirect.

const PENDING_SIGN_IN_TTL_SECONDS = 10 * 60;
const pendingCookieName = (url: URL) => cookieName(url, 'pw_oidc');

export async function keepPendingSignIn(cookies: AstroCookies, url: URL, pending: object): Promise<void> {
  const sealed = await sealData(pending, { password: cookieKey('oidc'), ttl: PENDING_SIGN_IN_TTL_SECONDS });
  cookies.set(pendingCookieName(url), sealed, cookieOptions(url, PENDING_SIGN_IN_TTL_SECONDS));
}

/** The pending sign-in, taken once (its cookie is deleted); null when missing, expired or forged. */
export async function takePendingSignIn<T extends object>(cookies: AstroCookies, url: URL): Promise<Partial<T> | null> {
  const sealed = cookies.get(pendingCookieName(url))?.value;
  if (!sealed) return null;
  deleteCookie(cookies, url, pendingCookieName(url));
  const data = await unsealData<Partial<T>>(sealed, { password: cookieKey('oidc'), ttl: PENDING_SIGN_IN_TTL_SECONDS }).catch(() => ({}));
  return Object.keys(data).length > 0 ? data : null;
}

/** Deletes a cookie with the attributes it was set with (a browser ignores a `__Host-` deletion without Secure). */
export function deleteCookie(cookies: AstroCookies, url: URL, name: string): void {
  const { maxAge: _maxAge, ...attributes } = cookieOptions(url, 0);
  cookies.delete(name, attributes);
}
