/**
 * Sending e-mail over SMTP (docs/decisions.md "E-mail"): `SMTP_URL` (smtp:// upgraded with STARTTLS, or
 * smtps://) and `MAIL_FROM`. Without SMTP_URL nothing is sent; local runs point it at the embedded capture
 * server (tools/local-mail).
 */
import { isIP } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import { HttpError } from '~/server/errors';

/** One message, both parts complete; `headers` carries the unsubscribe headers. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export const mailConfigured = (): boolean => Boolean(process.env['SMTP_URL']?.trim());

/** MAIL_FROM, required once SMTP_URL is set. */
function mailFrom(): string {
  const from = process.env['MAIL_FROM']?.trim();
  if (!from)
    throw new HttpError(503, 'MAIL_FROM is not set: set the sender address (e.g. "Learning Hub <hub@example.com>") beside SMTP_URL.');
  return from;
}

let cached: { url: string; transporter: Transporter } | null = null;

/** A host on this machine: the only one an smtp:// connection may reach without TLS. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}

function transporter(): Transporter {
  const url = process.env['SMTP_URL']?.trim();
  if (!url) throw new HttpError(503, 'SMTP_URL is not set: no e-mail can be sent.');
  const parsed = URL.parse(url);
  if (!parsed || (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:')) {
    throw new HttpError(503, 'SMTP_URL must be an smtp:// or smtps:// URL (e.g. smtps://user:password@smtp.example.com).');
  }
  if (cached?.url !== url) {
    cached?.transporter.close();
    // smtp:// must upgrade with STARTTLS (a server that does not offer it is refused, so nobody on the path
    // can strip it and read the password and the digests), but on loopback; timeouts stay inside a pass's time.
    const requireTLS = parsed.protocol === 'smtp:' && !isLoopbackHost(parsed.hostname);
    cached = {
      url,
      transporter: nodemailer.createTransport({
        url,
        requireTLS,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 15_000,
      }),
    };
  }
  return cached.transporter;
}

/** Sends one message; throws when the server refuses it or cannot be reached. */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  await transporter().sendMail({
    from: mailFrom(),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
  });
}
