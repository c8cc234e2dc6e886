import type { APIRoute } from 'astro';
import { oidcSettings } from '~/server/config';
import { setFlash } from '~/server/accounts/flash';
import { previewCallback, SsoFailure } from '~/server/accounts/oidc';

/**
 * GET /auth/preview-callback: on the site registered with the identity provider, the answer to a sign-in
 * a deploy preview started, sent on unchanged to that preview's own callback (an allowed preview only,
 * OIDC_PREVIEW_ORIGINS). It opens no session and reads no pending sign-in: the preview redeems the code,
 * naming this address as its redirect URI, which production's own callback never does.
 */
export const GET: APIRoute = ({ cookies, url, redirect }) => {
  const settings = oidcSettings();
  if (!settings || settings.previewOrigins.length === 0) return redirect('/auth', 303);
  try {
    return redirect(previewCallback(settings, url).href, 303);
  } catch (error) {
    if (!(error instanceof SsoFailure)) throw error;
    console.error('sign-in relay for a deploy preview:', error.reason);
    setFlash(cookies, url, `sso-${error.reason}`);
    return redirect('/auth', 303);
  }
};
