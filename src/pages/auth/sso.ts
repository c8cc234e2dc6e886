import type { APIRoute } from 'astro';
import { oidcSettings } from '~/server/config';
import { setFlash } from '~/server/accounts/flash';
import { beginSignIn, SsoFailure } from '~/server/accounts/oidc';
import { keepPendingSignIn } from '~/server/accounts/session-cookie';

/** GET /auth/sso: off to the identity provider, with state, nonce and the PKCE verifier kept in a sealed cookie. */
export const GET: APIRoute = async ({ cookies, url, redirect }) => {
  const settings = oidcSettings();
  if (!settings) return redirect('/auth', 303);
  try {
    const { url: authorizationUrl, pending } = await beginSignIn(settings, url.origin);
    await keepPendingSignIn(cookies, url, pending);
    return redirect(authorizationUrl.href, 303);
  } catch (error) {
    if (!(error instanceof SsoFailure)) throw error;
    console.error('sign-in with the identity provider:', error.cause ?? error);
    setFlash(cookies, url, `sso-${error.reason}`);
    return redirect('/auth', 303);
  }
};
