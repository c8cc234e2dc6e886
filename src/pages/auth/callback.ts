import type { APIRoute } from 'astro';
import { oidcSettings } from '~/server/config';
import { setFlash } from '~/server/accounts/flash';
import { finishSignIn, SsoFailure, type PendingSignIn } from '~/server/accounts/oidc';
import { takePendingSignIn } from '~/server/accounts/session-cookie';
import { sessionOrigin } from '~/server/accounts/sessions';
import { startBrowserSession } from '~/server/accounts/sign-in-request';
import { signInWithIdentity } from '~/server/accounts/sso';

/**
 * GET /auth/callback: the identity provider sends the browser back here. The code is exchanged and the ID
 * token verified; a verified address of an allowed domain signs in (its account made at the first
 * sign-in). Any failure goes back to /auth with 'Login failed' and why; nothing is stored, no session.
 * This callback never sends an answer anywhere else: a deploy preview's answers come to the relay
 * (/auth/preview-callback), whose codes the provider never lets this callback redeem.
 */
export const GET: APIRoute = async (context) => {
  const { cookies, url, redirect } = context;
  const settings = oidcSettings();
  if (!settings) return redirect('/auth', 303);
  try {
    const pending = await takePendingSignIn<PendingSignIn>(cookies, url);
    const identity = await finishSignIn(settings, url, pending as PendingSignIn | null);
    const { session } = await signInWithIdentity(identity, sessionOrigin(context));
    await startBrowserSession(context, session);
    setFlash(cookies, url, 'signed-in');
    return redirect('/', 303);
  } catch (error) {
    if (!(error instanceof SsoFailure)) throw error;
    console.error('sign-in with the identity provider:', error.reason, error.cause ?? '');
    setFlash(cookies, url, `sso-${error.reason}`);
    return redirect('/auth', 303);
  }
};
