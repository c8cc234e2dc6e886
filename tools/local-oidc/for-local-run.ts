/**
 * Local runs (`npm run dev`, `npm run serve:built`) sign in with the embedded identity provider unless the
 * environment names a real one (OIDC_ISSUER set): the provider starts on a free loopback port and the
 * OIDC_* settings point at it, so the sign-in button works on a fresh clone.
 */
import { startLocalOidc, type LocalOidc } from './server';

/** The hub's origins at these ports (localhost and 127.0.0.1 alike). */
const originsOf = (ports: readonly number[], scheme: 'http' | 'https') =>
  ports.flatMap((port) => [`${scheme}://localhost:${port}`, `${scheme}://127.0.0.1:${port}`]);

export async function localOidcUnlessConfigured(ports: readonly number[], scheme: 'http' | 'https' = 'http'): Promise<LocalOidc | null> {
  if (process.env['OIDC_ISSUER']?.trim()) return null;
  const oidc = await startLocalOidc({ appOrigins: originsOf(ports, scheme) });
  Object.assign(process.env, oidc.env);
  return oidc;
}
