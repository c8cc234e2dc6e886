// Toasts raised by a navigation (sign-in, registration, logout, a report form posted): the request that ends
// in a navigation sets a short-lived cookie naming what happened, and the next page the browser renders takes it (see
// src/middleware/session-gate.ts) and renders the toast with its HTML (src/components/Toaster.astro), so no island
// has to load for it. The cookie holds one of a few fixed names, never text: nothing in it is rendered.
import type { AstroCookies } from 'astro';
import type { PublicUser } from '~/shared/api/users';
import type { ToastText } from '~/shared/toast';
import { oidcSettings, registrationsPerDay } from '~/server/config';
import { cookieName, cookieOptions, deleteCookie } from './session-cookie';

const FLASHES = [
  'signed-in',
  'registered',
  'logged-out',
  'logout-failed',
  'sso-state',
  'sso-cancelled',
  'sso-provider',
  'sso-token',
  'sso-unverified',
  'sso-address',
  'sso-domain',
  'sso-identity',
  'sso-lookalike',
  'sso-disabled',
  'sso-limit',
  'report-sent',
  'report-open',
  'report-refused',
  'report-closed',
  'report-close-refused',
  'placement-refused',
] as const;
export type Flash = (typeof FLASHES)[number];

/** Long enough for the navigation that follows, short enough that a stray one never surfaces later. */
const FLASH_TTL_SECONDS = 60;

const flashCookie = (url: URL) => cookieName(url, 'pw_flash');

/** The next page this browser renders shows the flash's toast. */
export function setFlash(cookies: AstroCookies, url: URL, flash: Flash): void {
  cookies.set(flashCookie(url), flash, cookieOptions(url, FLASH_TTL_SECONDS));
}

/** The flash the previous request left, cleared so it shows once; null when none (or an unknown value). */
export function takeFlash(cookies: AstroCookies, url: URL): Flash | null {
  const value = cookies.get(flashCookie(url))?.value;
  if (value === undefined) return null;
  deleteCookie(cookies, url, flashCookie(url));
  return (FLASHES as readonly string[]).includes(value) ? (value as Flash) : null;
}

/** The toast texts of a flash (docs/product.md "Error and notice texts"); the welcome toasts name the signed-in user. */
export function flashToast(flash: Flash, user: PublicUser | null): ToastText | null {
  if (flash in REPORT_TOASTS) return REPORT_TOASTS[flash as ReportFlash];
  switch (flash) {
    case 'placement-refused':
      return {
        title: 'Placement check not graded',
        description: 'Those answers are not of this check. Answer the questions below and submit again.',
        variant: 'destructive',
      };
    case 'signed-in':
      return user && { title: 'Login successful', description: `Welcome back ${user.name}` };
    case 'registered':
      return user && { title: 'Registration successful', description: `Welcome ${user.name}` };
    case 'logged-out':
      return { title: 'Logged out', description: 'You have been logged out successfully' };
    case 'logout-failed':
      return {
        title: 'Logout failed',
        description: 'Storage is temporarily unavailable. Please try again in a moment.',
        variant: 'destructive',
      };
    default:
      return { title: 'Login failed', description: SSO_FAILURES[flash as SsoFlash](), variant: 'destructive' };
  }
}

type ReportFlash = Extract<Flash, `report-${string}`>;
type SsoFlash = Extract<Flash, `sso-${string}`>;

/** What the "Report a problem" form and Content health's Close form say after posting (docs/product.md "Reports from readers"). */
const REPORT_TOASTS: Record<ReportFlash, ToastText> = {
  'report-sent': { title: 'Report sent', description: 'Thank you: the person who keeps this page true will check it.' },
  'report-open': {
    title: 'Report not sent',
    description: 'You have already reported a problem on this page; it is still open.',
    variant: 'destructive',
  },
  'report-refused': {
    title: 'Report not sent',
    description: 'Choose what is wrong and say what the problem is, in at most 1000 characters.',
    variant: 'destructive',
  },
  'report-closed': { title: 'Report closed' },
  'report-close-refused': {
    title: 'Report not closed',
    description: 'Give a reason of at most 500 characters. The report may have been closed already.',
    variant: 'destructive',
  },
};

/** Why a sign-in with the identity provider failed, as /auth says it. */
const SSO_FAILURES: Record<SsoFlash, () => string> = {
  'sso-state': () => 'The sign-in expired or was started in another window. Please try again.',
  'sso-cancelled': () => 'The sign-in was cancelled at the identity provider.',
  'sso-provider': () => 'The identity provider could not be reached. Please try again in a moment.',
  'sso-token': () => "The identity provider's answer could not be verified. Please try again.",
  'sso-unverified': () => 'The identity provider did not confirm a verified e-mail address for you.',
  'sso-address': () => 'The identity provider sent your address in a form this hub does not accept. Ask an administrator.',
  'sso-domain': () => `Only addresses of ${oidcSettings()?.allowedDomains.join(', ') ?? 'the company'} can sign in here.`,
  'sso-identity': () => 'This address belongs to an account linked to another company identity. Ask an administrator.',
  'sso-lookalike': () => 'This address looks too much like an existing account. Ask an administrator.',
  'sso-disabled': () => 'This account is disabled. Ask an administrator to enable it.',
  'sso-limit': () => `Too many new accounts today (at most ${registrationsPerDay()} a day). Please try again later.`,
};
