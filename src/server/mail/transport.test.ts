// Sending over SMTP without TLS only on loopback: a server that does not offer STARTTLS (or an attacker on
// the path who strips it) gets no password and no message from a non-loopback address.
import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { restoreEnvAfterEach } from '~tests/support/env';
import { isLoopbackHost, sendMail } from './transport';

const mail = { to: 'ana@parcelwise.example', subject: 'Your digest', text: 'Hello', html: '<p>Hello</p>', headers: {} };

/** This machine's first address that is not loopback (what a remote SMTP server looks like from here). */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address?.family === 'IPv4' && !address.internal)?.address;

/** An SMTP server that offers no STARTTLS and records whatever reaches it. */
async function plainServer(host: string) {
  const seen = { auth: 0, messages: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      seen.auth += 1;
      callback(null, { user: 'hub' });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        seen.messages += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { seen, port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

restoreEnvAfterEach('SMTP_URL', 'MAIL_FROM');

describe('SMTP over smtp://', () => {
  it('counts only this machine as loopback', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1', 'mail.localhost'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['smtp.example.com', '192.0.2.2', '10.0.0.1', '[::2]', 'localhost.example.com', '128.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it.skipIf(!outsideAddress)('refuses to send to a server that offers no STARTTLS: no password and no message reach it', async () => {
    const server = await plainServer('0.0.0.0');
    try {
      process.env['MAIL_FROM'] = 'Learning Hub <hub@parcelwise.example>';
      process.env['SMTP_URL'] = `smtp://hub:the-smtp-password@${outsideAddress}:${server.port}`;
      await expect(sendMail(mail)).rejects.toThrow(/STARTTLS/i);
      expect(server.seen).toEqual({ auth: 0, messages: 0 });

      // The same server on loopback (the local capture server's case) is used as it is.
      process.env['SMTP_URL'] = `smtp://hub:the-smtp-password@127.0.0.1:${server.port}`;
      await sendMail(mail);
      expect(server.seen).toEqual({ auth: 1, messages: 1 });
    } finally {
      await server.stop();
    }
  });
});
