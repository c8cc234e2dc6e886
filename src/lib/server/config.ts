// Server settings, read from the environment at use (see README "Settings").
import { HttpError } from './errors';

const DEV_SESSION_SECRET = 'local-only-parcelwise-session-secret-do-not-deploy';

/** True for `astro dev`, `netlify serve` and the test harness; false on a deployed Netlify site. */
export function isLocalRun(): boolean {
  return (
    import.meta.env?.DEV === true ||
    process.env['NETLIFY_DEV'] === 'true' ||
    process.env['NETLIFY_LOCAL'] === 'true' ||
    process.env['PARCELWISE_LOCAL'] === 'true'
  );
}

/** The administrator's username (docs/decisions.md); `ADMIN_USERNAME` overrides it. */
export function adminUsername(): string {
  return (process.env['ADMIN_USERNAME'] ?? 'admin@parcelwise.example').trim().toLowerCase();
}

/** A missing or invalid setting: the site answers 503 with the setting named until it is fixed. */
class ConfigError extends HttpError {
  constructor(message: string) {
    super(503, message);
    this.name = 'ConfigError';
  }
}

/** Cookie sealing secret. Required (32+ characters) in a deployment; a fixed one in local runs only. */
export function sessionSecret(): string {
  const secret = process.env['SESSION_SECRET'];
  if (secret && secret.length >= 32) return secret;
  if (secret) throw new ConfigError('SESSION_SECRET must be at least 32 characters long.');
  if (isLocalRun()) return DEV_SESSION_SECRET;
  throw new ConfigError('SESSION_SECRET is not set. Set it (32+ characters) in the Netlify site settings.');
}

/** Whether anyone may register, and with which invite code. Open without a code in local runs. */
export function registrationPolicy(): { open: boolean; code: string | null } {
  const code = process.env['SIGNUP_CODE']?.trim() || null;
  if (code) return { open: true, code };
  return { open: isLocalRun(), code: null };
}
