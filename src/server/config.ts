// Server settings, read from the environment at use (see README "Settings"). Checked on every request by
// the middleware (`checkSettings`), so a bad setting answers 503 naming it instead of half-working.
import { HttpError } from './errors';

/** Public (it is in this file): only ever accepted in local mode. */
const DEV_SESSION_SECRET = 'local-only-parcelwise-session-secret-do-not-deploy';
const MIN_SESSION_SECRET = 32;
const MIN_SIGNUP_CODE = 16;
const STORE_NAME = 'learning-hub';

/** The Netlify runtime's request context (functions v2), when running on Netlify. */
declare const Netlify: { context?: { deploy?: { context?: string } } | null } | undefined;

/**
 * The Netlify deploy context this process serves: `production`, `deploy-preview`, `branch-deploy`, `dev`…,
 * or null outside Netlify. `CONTEXT` (set by Netlify builds and the CLI; tests set it) wins over the
 * runtime's own context object.
 */
export function deployContext(): string | null {
  const fromEnv = process.env['CONTEXT']?.trim();
  if (fromEnv) return fromEnv;
  try {
    return typeof Netlify === 'undefined' ? null : (Netlify?.context?.deploy?.context ?? null);
  } catch {
    return null;
  }
}

/** A context served from Netlify to the world (not `dev`, not a local tool). */
function isDeployedContext(context: string | null): boolean {
  return context !== null && context !== 'dev';
}

/** Signs that this process runs on Netlify: its runtime's global, or the variables Netlify sets for a site. */
function runsOnNetlify(): boolean {
  return (
    typeof Netlify !== 'undefined' ||
    process.env['NETLIFY'] === 'true' ||
    Boolean(process.env['SITE_ID']?.trim()) ||
    Boolean(process.env['DEPLOY_ID']?.trim())
  );
}

/**
 * Local mode (demo accounts, open registration, the development secret): only when explicitly local —
 * `astro dev`, `netlify dev`/`serve`, or `PARCELWISE_LOCAL=true` set by `npm run serve:built` and the test
 * harness — and never in a deployed context (production, deploy preview, branch deploy), whatever flag is
 * set. On Netlify a context it cannot name (none, or one without a deploy context) fails closed: a flag
 * set by mistake in the site's settings must not open a deployed site.
 */
export function isLocalRun(): boolean {
  const context = deployContext();
  if (isDeployedContext(context)) return false;
  // The dev server (a build-time constant: false in every built function) is local, under the emulation's global too.
  if (import.meta.env?.DEV === true) return true;
  if (context === null && runsOnNetlify()) return false;
  return process.env['NETLIFY_DEV'] === 'true' || process.env['NETLIFY_LOCAL'] === 'true' || process.env['PARCELWISE_LOCAL'] === 'true';
}

/**
 * The Netlify Blobs store: production (and local runs, whose data is local anyway) use `learning-hub`;
 * every other deployed context its own (`learning-hub-deploy-preview`, `learning-hub-branch-deploy`), so a
 * preview never reads or writes production's data.
 */
export function blobsStoreName(): string {
  const context = deployContext();
  if (!isDeployedContext(context) || context === 'production') return STORE_NAME;
  return `${STORE_NAME}-${context!.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}`;
}

/** How long one Netlify Blobs request may take on Netlify; a local run's default. */
const BLOBS_TIMEOUT_MS = 2_500;
const LOCAL_BLOBS_TIMEOUT_MS = 10_000;

/**
 * How long one Netlify Blobs request may take before its operation fails (storage/blobs.ts): always 2.5 s
 * on a deployed site. Elsewhere `BLOBS_TIMEOUT_MS` sets it (the fault tests, the soak, the operator
 * scripts on local data, whose listings walk files); a local run without it waits 10 s, since its Blobs
 * server shares the machine, and often the process, with the site (forty sign-ins hashing at once hold its
 * file reads).
 */
export function blobsRequestTimeoutMs(): number {
  if (isDeployedContext(deployContext())) return BLOBS_TIMEOUT_MS;
  const set = Number(process.env['BLOBS_TIMEOUT_MS']);
  if (Number.isInteger(set) && set > 0) return set;
  return isLocalRun() ? LOCAL_BLOBS_TIMEOUT_MS : BLOBS_TIMEOUT_MS;
}

/** The administrator's username (docs/decisions.md); `ADMIN_USERNAME` overrides it. */
export function adminUsername(): string {
  return (process.env['ADMIN_USERNAME'] ?? 'admin@parcelwise.example').normalize('NFKC').trim().toLowerCase();
}

/** A missing or invalid setting: the site answers 503 with the setting named until it is fixed. */
class ConfigError extends HttpError {
  constructor(message: string) {
    super(503, message);
    this.name = 'ConfigError';
  }
}

/** Cookie sealing secret. Required (32+ characters) outside local mode; a fixed, public one in local mode only. */
export function sessionSecret(): string {
  const secret = process.env['SESSION_SECRET'];
  if (secret && secret.length >= MIN_SESSION_SECRET) {
    if (secret === DEV_SESSION_SECRET && !isLocalRun()) {
      throw new ConfigError('SESSION_SECRET is the public development secret. Set a secret of your own (32+ characters).');
    }
    return secret;
  }
  if (secret) throw new ConfigError(`SESSION_SECRET must be at least ${MIN_SESSION_SECRET} characters long.`);
  if (isLocalRun()) return DEV_SESSION_SECRET;
  throw new ConfigError('SESSION_SECRET is not set. Set it (32+ characters) in the Netlify site settings.');
}

/** The invite code, or null when unset; a code shorter than 16 characters is refused (guessable). */
function signupCode(): string | null {
  const code = process.env['SIGNUP_CODE']?.trim() || null;
  if (code !== null && code.length < MIN_SIGNUP_CODE) {
    throw new ConfigError(`SIGNUP_CODE must be at least ${MIN_SIGNUP_CODE} characters long.`);
  }
  return code;
}

/** Whether anyone may register, and with which invite code. Open without a code in local mode. */
export function registrationPolicy(): { open: boolean; code: string | null } {
  // An account made by registration signs in with its password: closed when the password form is.
  if (passwordSignIn() !== 'on') return { open: false, code: null };
  const code = signupCode();
  if (code) return { open: true, code };
  return { open: isLocalRun(), code: null };
}

/** Sign-in with the company's identity provider (OpenID Connect), when OIDC_ISSUER is set. */
export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** Lower-case e-mail domains whose verified addresses may sign in. */
  allowedDomains: string[];
  /** The button's text. */
  label: string;
  /**
   * The address whose /auth/callback is registered with the provider, when it is not this site's own:
   * a deploy preview signs in through production's (`OIDC_SIGN_IN_ORIGIN`).
   */
  signInOrigin: string | null;
  /** The previews production sends a sign-in back to (`OIDC_PREVIEW_ORIGINS`), `*` standing for part of a host label. */
  previewOrigins: string[];
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The e-mail domains of setting `name` (separated by commas, lower case, without '@'): at least one, each valid. */
function domainList(name: string, value: string): string[] {
  const domains = value
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  const bad = domains.find((domain) => !DOMAIN.test(domain));
  if (bad !== undefined || domains.length === 0) {
    throw new ConfigError(`${name} must list e-mail domains separated by commas (not "${bad ?? ''}").`);
  }
  return domains;
}

/** The OIDC_* settings, or null when OIDC_ISSUER is unset; a missing or inconsistent one answers 503 naming it. */
export function oidcSettings(): OidcSettings | null {
  const issuer = process.env['OIDC_ISSUER']?.trim();
  if (!issuer) {
    const stray = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ALLOWED_DOMAINS'].find((name) => process.env[name]?.trim());
    if (stray) throw new ConfigError(`${stray} is set but OIDC_ISSUER is not. Set OIDC_ISSUER to the identity provider's issuer URL.`);
    return null;
  }
  const url = URL.parse(issuer);
  if (!url || !secureOrLocal(url)) throw new ConfigError('OIDC_ISSUER must be an https URL (for example https://accounts.google.com).');
  const required = (name: string) => {
    const value = process.env[name]?.trim();
    if (!value) throw new ConfigError(`${name} is required when OIDC_ISSUER is set.`);
    return value;
  };
  const clientId = required('OIDC_CLIENT_ID');
  const clientSecret = required('OIDC_CLIENT_SECRET');
  const allowedDomains = domainList('OIDC_ALLOWED_DOMAINS', required('OIDC_ALLOWED_DOMAINS'));
  const label = process.env['OIDC_LABEL']?.trim() || 'Sign in with your company account';
  return { issuer: url, clientId, clientSecret, allowedDomains, label, signInOrigin: signInOrigin(), previewOrigins: previewOrigins() };
}

const LOOPBACK = /^(127\.0\.0\.1|\[::1\]|localhost|[a-z0-9*-]+\.localhost)$/;

/** https, or plain http to a loopback host in a local run (the embedded provider, test origins). */
function secureOrLocal(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLocalRun() && LOOPBACK.test(url.hostname));
}

/** `OIDC_SIGN_IN_ORIGIN`: an address alone (scheme, host, port), or null when unset. */
function signInOrigin(): string | null {
  const value = process.env['OIDC_SIGN_IN_ORIGIN']?.trim();
  if (!value) return null;
  const url = URL.parse(value);
  if (!url || !secureOrLocal(url) || url.origin !== value.replace(/\/$/, '')) {
    throw new ConfigError(
      `OIDC_SIGN_IN_ORIGIN must be the https address of the site the provider sends people back to, like https://hub.example.com (not "${value}").`,
    );
  }
  return url.origin;
}

const PREVIEW_ORIGIN = /^[a-z]+:\/\/[a-z0-9*-]+(\.[a-z0-9-]+)+(:\d+)?$/;

/** `OIDC_PREVIEW_ORIGINS`: addresses separated by commas, `*` only in the first label of the host. */
function previewOrigins(): string[] {
  const patterns = (process.env['OIDC_PREVIEW_ORIGINS'] ?? '')
    .split(',')
    .map((pattern) => pattern.trim().toLowerCase().replace(/\/$/, ''))
    .filter(Boolean);
  const bad = patterns.find((pattern) => {
    const url = URL.parse(pattern.replace('*', 'x'));
    return !PREVIEW_ORIGIN.test(pattern) || !url || !secureOrLocal(url) || url.origin !== pattern.replace('*', 'x');
  });
  if (bad !== undefined) {
    throw new ConfigError(
      `OIDC_PREVIEW_ORIGINS must list https addresses separated by commas, * standing for part of the first label, like https://*--hub.netlify.app (not "${bad}").`,
    );
  }
  return patterns;
}

/** Whether the password form signs people in: everyone (`on`, the default), administrators only, or nobody. */
export type PasswordSignIn = 'on' | 'admins' | 'off';

export function passwordSignIn(): PasswordSignIn {
  const value = process.env['PASSWORD_SIGNIN']?.trim().toLowerCase() || 'on';
  if (value !== 'on' && value !== 'admins' && value !== 'off') throw new ConfigError('PASSWORD_SIGNIN must be on, admins or off.');
  if (value !== 'on' && !process.env['OIDC_ISSUER']?.trim()) {
    throw new ConfigError(`PASSWORD_SIGNIN=${value} needs OIDC_ISSUER: without it nobody could sign in.`);
  }
  return value;
}

/** A limit setting: a whole number from 1 to 100000, or the default when unset. */
function limitSetting(name: string, fallback: number): number {
  const value = process.env[name]?.trim();
  if (!value) return fallback;
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > 100_000) {
    throw new ConfigError(`${name} must be a whole number from 1 to 100000 (default ${fallback}).`);
  }
  return Number(value);
}

/** Changes a signed-in person may make a minute (every write but sign-in, registration, logout and visits). */
export const writesPerMinute = (): number => limitSetting('WRITES_PER_MINUTE', 60);

/** New accounts a rolling day may bring, by registration and by a first sign-in with the identity provider together. */
export const registrationsPerDay = (): number => limitSetting('REGISTRATIONS_PER_DAY', 20);

/**
 * The portal's address for links in e-mail: `SITE_URL`, else Netlify's own `URL` of the site, else (local
 * runs) the dev server's.
 */
export function siteUrl(): string {
  const url = process.env['SITE_URL']?.trim() || process.env['URL']?.trim();
  if (url) return new URL(url).origin;
  if (isLocalRun()) return 'http://localhost:4321';
  throw new ConfigError('SITE_URL is not set: the digest needs the portal address for its links (Netlify sets URL).');
}

/**
 * The company's own e-mail domains (`COMPANY_DOMAINS`, separated by commas), which decide that a meeting
 * is external: someone outside them is invited. Default: the domain of the administrator's address.
 */
export function companyDomains(): string[] {
  const set = process.env['COMPANY_DOMAINS']?.trim();
  if (!set) {
    const domain = adminUsername().split('@')[1];
    return domain ? [domain] : [];
  }
  return domainList('COMPANY_DOMAINS', set);
}

/**
 * Loopback servers a calendar may be read from (`PARCELWISE_CALENDAR_TEST_HOSTS`, `host:port` separated by
 * commas), over http or https: local runs and tests only; a deployed site ignores the setting.
 */
export function calendarTestHosts(): Set<string> {
  if (!isLocalRun()) return new Set();
  const hosts = (process.env['PARCELWISE_CALENDAR_TEST_HOSTS'] ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  return new Set(hosts);
}

/** Every setting, validated: throws the 503 ConfigError naming the first bad one. Cheap (environment only). */
export function checkSettings(): void {
  sessionSecret();
  signupCode();
  oidcSettings();
  passwordSignIn();
  writesPerMinute();
  registrationsPerDay();
  companyDomains();
}
