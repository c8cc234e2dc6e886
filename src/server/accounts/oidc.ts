/**
 * Sign-in with the company's identity provider: OpenID Connect, Authorization Code flow with PKCE, state
 * and nonce, through openid-client (which validates the ID token: issuer, audience, signature, expiry,
 * nonce). The provider's metadata is discovered once per function instance. Every failure becomes an
 * SsoFailure naming why, which /auth shows; nothing is stored before the identity is verified.
 */
import * as client from 'openid-client';
import type { OidcSettings } from '~/server/config';

/** Why a sign-in with the provider did not happen: each has its own message on /auth (flash.ts). */
export type SsoReason =
  'state' | 'cancelled' | 'provider' | 'token' | 'unverified' | 'address' | 'domain' | 'identity' | 'lookalike' | 'disabled' | 'limit';

export class SsoFailure extends Error {
  constructor(
    readonly reason: SsoReason,
    cause?: unknown,
  ) {
    super(`Sign-in with the identity provider failed: ${reason}`, { cause });
    this.name = 'SsoFailure';
  }
}

/** What the browser keeps (sealed, for ten minutes) between leaving for the provider and coming back. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A person the provider vouches for: who they are at the provider, and a verified address of an allowed domain. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  name: string;
}

const REQUEST_TIMEOUT_SECONDS = 5;

const isNetworkFailure = (error: unknown) =>
  error instanceof TypeError || (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'));

let discovered: { key: string; configuration: Promise<client.Configuration> } | null = null;

/** The provider's configuration, discovered once per instance; a failed discovery is tried again next time. */
function configurationOf(settings: OidcSettings): Promise<client.Configuration> {
  const key = [settings.issuer.href, settings.clientId, settings.clientSecret].join('\n');
  if (discovered?.key !== key) {
    // Plain http only ever for a loopback issuer in a local run (config.ts refuses it anywhere else).
    const execute = settings.issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [];
    const configuration = client.discovery(settings.issuer, settings.clientId, settings.clientSecret, undefined, {
      execute,
      timeout: REQUEST_TIMEOUT_SECONDS,
    });
    discovered = { key, configuration };
    configuration.catch(() => {
      if (discovered?.configuration === configuration) discovered = null;
    });
  }
  return discovered.configuration.catch((error: unknown) => {
    // Unreachable, or reachable but not the issuer it claims to be (metadata that does not match).
    throw new SsoFailure(isNetworkFailure(error) ? 'provider' : 'token', error);
  });
}

const CALLBACK_PATH = '/auth/callback';
/**
 * Where the provider answers a sign-in a deploy preview started: a second address registered with the
 * provider on the sign-in site (production), which only relays to the preview and never signs anyone in.
 * A code is bound to the redirect URI it was issued for, so a code issued for production's own callback
 * never leaves production, and one issued for this address is refused at production's token request.
 */
const PREVIEW_CALLBACK_PATH = '/auth/preview-callback';

/** Whether this site signs in through another one (a deploy preview through production). */
const signsInElsewhere = (settings: OidcSettings, origin: string) => settings.signInOrigin !== null && settings.signInOrigin !== origin;

/** The redirect URI of a sign-in started at `origin`: its own callback, or the sign-in site's relay for a preview. */
const redirectUriOf = (settings: OidcSettings, origin: string) =>
  signsInElsewhere(settings, origin) ? `${settings.signInOrigin}${PREVIEW_CALLBACK_PATH}` : `${origin}${CALLBACK_PATH}`;

/** A preview's state names the preview's address after a '.', for the relay to send the browser back. */
const returnOriginOf = (state: string | null): string | null => {
  const encoded = state?.split('.')[1];
  return encoded ? Buffer.from(encoded, 'base64url').toString() : null;
};

/** Whether production may send a sign-in back to this address (OIDC_PREVIEW_ORIGINS). */
export function isPreviewOrigin(settings: Pick<OidcSettings, 'previewOrigins'>, origin: string): boolean {
  const escaped = (part: string) => part.replace(/[.+?^$()|[\]\\{}]/g, '\\$&');
  // '*' stands for letters, digits and '-' only: never a '.', so never another host.
  return settings.previewOrigins.some((pattern) => new RegExp(`^${pattern.split('*').map(escaped).join('[a-z0-9-]+')}$`).test(origin));
}

/**
 * At the relay (PREVIEW_CALLBACK_PATH on the sign-in site): the preview's own callback with the provider's
 * answer. Anything but an allowed preview's address fails as a bad state; this site is never one.
 */
export function previewCallback(settings: OidcSettings, relayUrl: URL): URL {
  const origin = returnOriginOf(relayUrl.searchParams.get('state'));
  if (origin === null || origin === relayUrl.origin || !isPreviewOrigin(settings, origin)) throw new SsoFailure('state');
  return new URL(`${CALLBACK_PATH}${relayUrl.search}`, origin);
}

/** Where to send the browser from this site (`origin`), and what it must bring back. */
export async function beginSignIn(settings: OidcSettings, origin: string): Promise<{ url: URL; pending: PendingSignIn }> {
  const configuration = await configurationOf(settings);
  const pending: PendingSignIn = {
    state: signsInElsewhere(settings, origin)
      ? `${client.randomState()}.${Buffer.from(origin).toString('base64url')}`
      : client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUriOf(settings, origin),
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  });
  return { url, pending };
}

/** The callback: the code exchanged and the ID token verified; the identity, or an SsoFailure. */
export async function finishSignIn(settings: OidcSettings, callbackUrl: URL, pending: PendingSignIn | null): Promise<VerifiedIdentity> {
  if (callbackUrl.searchParams.get('error') === 'access_denied') throw new SsoFailure('cancelled');
  if (!pending || callbackUrl.searchParams.get('state') !== pending.state) throw new SsoFailure('state');
  const configuration = await configurationOf(settings);
  let claims: client.IDToken | undefined;
  // The token request names the redirect URI the authorization request named (openid-client takes it
  // from the URL it is given, less the query): a preview's is the sign-in site's relay.
  const answeredAt = new URL(`${redirectUriOf(settings, callbackUrl.origin)}${callbackUrl.search}`);
  try {
    const tokens = await client.authorizationCodeGrant(configuration, answeredAt, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    throw new SsoFailure(isNetworkFailure(error) ? 'provider' : 'token', error);
  }
  return verifiedIdentity(settings, claims);
}

/**
 * Who the ID token names: its issuer and subject, and a verified e-mail address of an allowed domain.
 * Google sends `email_verified`; Microsoft Entra ID sends `xms_edov` (the domain's owner verified it) when
 * the optional claim is on. An address that Unicode normalisation would change (a fullwidth letter, a
 * ligature) is refused: it would otherwise be read as another person's address.
 */
export function verifiedIdentity(settings: Pick<OidcSettings, 'allowedDomains'>, claims: client.IDToken | undefined): VerifiedIdentity {
  const email = typeof claims?.['email'] === 'string' ? claims['email'].trim().toLowerCase() : '';
  const verified = claims?.['email_verified'] === true || claims?.['xms_edov'] === true || claims?.['xms_edov'] === '1';
  if (!email || !verified) throw new SsoFailure('unverified');
  if (email.normalize('NFKC') !== email) throw new SsoFailure('address');
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!settings.allowedDomains.includes(domain)) throw new SsoFailure('domain');
  if (typeof claims?.iss !== 'string' || typeof claims.sub !== 'string' || !claims.sub) throw new SsoFailure('token');
  const name = typeof claims['name'] === 'string' && claims['name'].trim() ? claims['name'].trim() : email.slice(0, email.indexOf('@'));
  return { issuer: claims.iss, subject: claims.sub, email, name: name.slice(0, 80) };
}
