// Signing a browser in, for POST /api/login and the /auth form alike: the known-device cookie in, the
// throttled check (services/sign-in.ts), then the session cookie and a refreshed known-device cookie out.
import type { AstroCookies } from 'astro';
import { signIn } from '~/server/accounts/sign-in';
import { endSession, sessionOrigin } from '~/server/accounts/sessions';
import { knownDeviceId, rememberDevice, sessionCookieData, startSession, type SessionData } from '~/server/accounts/session-cookie';
import type { StoredUser } from '~/server/accounts/user-record';
import { normalizeUsername } from '~/server/accounts/usernames';

export interface BrowserRequest {
  request: Request;
  cookies: AstroCookies;
  url: URL;
  clientAddress: string;
}

/** Signs the browser in as the username, or throws the HttpError of services/sign-in.ts (401, 429, 503). */
export async function signInBrowser(browser: BrowserRequest, username: string, password: string): Promise<StoredUser> {
  const normalized = normalizeUsername(username);
  const deviceId = await knownDeviceId(browser.cookies, browser.url, normalized);
  const result = await signIn(username, password, { ...sessionOrigin(browser), knownDeviceId: deviceId });
  await startBrowserSession(browser, result.session);
  await rememberDevice(browser.cookies, browser.url, normalized, result.deviceId);
  return result.user;
}

/**
 * Gives the browser its new session's cookie; the session its previous cookie named (signed in before,
 * as anyone) ends, so signing in again replaces a browser's session instead of adding one.
 */
export async function startBrowserSession(browser: Pick<BrowserRequest, 'cookies' | 'url'>, session: SessionData): Promise<void> {
  const previous = await sessionCookieData(browser.cookies, browser.url);
  await Promise.all([endSession(previous).catch(() => undefined), startSession(browser.cookies, browser.url, session)]);
}
