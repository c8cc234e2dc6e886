/**
 * A local SMTP server (the `smtp-server` package) that keeps what arrives: in memory for tests, and as
 * `.eml` files in a folder for local runs (`npm run mail` reads them). Never used by the site itself.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface MailCapture {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: CapturedMail[];
  /** The next `count` messages (to `recipient` only, when given) are refused with a temporary failure (451). */
  refuseNext(count: number, recipient?: string): void;
  stop(): Promise<void>;
}

export async function startMailCapture(options: { directory?: string; port?: number } = {}): Promise<MailCapture> {
  const received: CapturedMail[] = [];
  let refusals = 0;
  let refusedRecipient: string | undefined;
  if (options.directory) await mkdir(options.directory, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refused = refusedRecipient === undefined || session.envelope.rcptTo.some((rcpt) => rcpt.address === refusedRecipient);
        if (refusals > 0 && refused) {
          refusals -= 1;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          return callback(error);
        }
        const mail: CapturedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        const save = options.directory
          ? writeFile(path.join(options.directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${received.length}.eml`), mail.raw)
          : Promise.resolve();
        save.then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (count, recipient) => {
      refusals = count;
      refusedRecipient = recipient;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
