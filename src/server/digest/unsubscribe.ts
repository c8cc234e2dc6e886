/**
 * The digest's one-click unsubscribe (RFC 8058; docs/decisions.md "E-mail digest"): a per-person link
 * signed with the session secret, so it works without signing in and nobody can forge another person's.
 * It never expires (an old e-mail must still work); it can only switch that person's digest off.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sessionSecret } from '~/server/config';
import { HttpError } from '~/server/errors';
import { turnDigestOff } from '~/server/preferences/preferences';

const PURPOSE = 'digest-unsubscribe:v1:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signatureOf = (userId: string) =>
  createHmac('sha256', sessionSecret())
    .update(PURPOSE + userId)
    .digest('base64url');

/** The person's unsubscribe link on the portal. */
export function unsubscribeUrl(origin: string, userId: string): string {
  const url = new URL('/unsubscribe', origin);
  url.searchParams.set('u', userId);
  url.searchParams.set('t', signatureOf(userId));
  return url.href;
}

/** The person a link names when its signature is theirs; 400 for anything else. */
export function verifiedUnsubscriber(userId: string | null, token: string | null): string {
  if (!userId || !token || !UUID.test(userId))
    throw new HttpError(400, 'This unsubscribe link is not valid. Change your digest on the settings page instead.');
  const expected = Buffer.from(signatureOf(userId));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new HttpError(400, 'This unsubscribe link is not valid. Change your digest on the settings page instead.');
  }
  return userId;
}

/** A verified link's POST (the mail client's one-click, or the page's button): the digest off. */
export async function unsubscribe(userId: string | null, token: string | null, now: Date): Promise<void> {
  await turnDigestOff(verifiedUnsubscriber(userId, token), now);
}
