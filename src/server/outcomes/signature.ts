/**
 * The CRM webhook's signature (docs/security.md "Outcomes webhook"): `X-Parcelwise-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` keyed with OUTCOMES_WEBHOOK_SECRET. Only a caller that
 * knows the deployment's secret can sign a body, and only for 5 minutes either side of the time it signs,
 * so a captured call cannot be sent again later (within the window, the event id refuses it).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from '~/server/errors';

const SIGNATURE_WINDOW_SECONDS = 5 * 60;
/** A shorter secret is guessable or a placeholder: the webhook stays off. */
const MIN_SECRET_LENGTH = 32;

/** The deployment's webhook secret, or null when unset or too short (no call can then be signed). */
function webhookSecret(): string | null {
  const secret = process.env['OUTCOMES_WEBHOOK_SECRET']?.trim() ?? '';
  return secret.length >= MIN_SECRET_LENGTH ? secret : null;
}

/** The header value for a body signed at `unixSeconds` (what a CRM computes; the tests and docs use it). */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}

/** `t` and every `v1` of the header (several v1 let a CRM sign with an old and a new secret while rotating). */
function parseHeader(value: string): { t: number; signatures: string[] } | null {
  let t: number | null = null;
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const [name, text = ''] = part.trim().split('=', 2);
    if (name === 't' && /^\d{1,12}$/.test(text)) t = Number(text);
    else if (name === 'v1' && /^[0-9a-f]{64}$/i.test(text)) signatures.push(text.toLowerCase());
  }
  return t === null || signatures.length === 0 ? null : { t, signatures };
}

const NOT_ENABLED = 'Webhook calls are not enabled on this deployment (OUTCOMES_WEBHOOK_SECRET is not set).';
export const MALFORMED = 'X-Parcelwise-Signature must be t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">.';
export const OUT_OF_WINDOW = 'The signature’s timestamp is more than 5 minutes from now: sign the call when you send it.';
export const WRONG_SIGNATURE = 'The signature does not match the body: sign "t.body" with the deployment’s secret.';

/** Nothing but a correct signature of this body, made within 5 minutes of `now`, passes; 401 otherwise. */
export function verifySignature(header: string | null, body: string, now: Date, secret: string | null = webhookSecret()): void {
  if (secret === null) throw new HttpError(401, NOT_ENABLED);
  const parsed = header === null ? null : parseHeader(header);
  if (!parsed) throw new HttpError(401, MALFORMED);
  if (Math.abs(now.getTime() / 1000 - parsed.t) > SIGNATURE_WINDOW_SECONDS) throw new HttpError(401, OUT_OF_WINDOW);
  const expected = Buffer.from(createHmac('sha256', secret).update(`${parsed.t}.${body}`).digest('hex'), 'hex');
  // Constant time: how much of a guess matched never shows in the answer's timing.
  const matches = parsed.signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
  if (!matches) throw new HttpError(401, WRONG_SIGNATURE);
}
