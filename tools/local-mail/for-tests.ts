/**
 * Vitest hooks for a test file that sends mail: a local Blobs server and a mail capture for all its tests,
 * SMTP_URL and MAIL_FROM pointed at the capture while they run, and no mail received at the start of each.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '../local-blobs/server';
import { startMailCapture, type MailCapture } from './server';

export interface BlobsAndMailOptions {
  /** Awaited before the servers stop, e.g. for work the code under test left running in the background. */
  beforeStop?: () => Promise<void>;
}

export interface BlobsAndMail {
  /** There from the first test on: read it inside tests, not when the file loads. */
  readonly smtp: MailCapture;
  /** The parsed mail received so far for one address. */
  mailTo(address: string): Promise<ParsedMail[]>;
}

export function useBlobsAndMail(options: BlobsAndMailOptions = {}): BlobsAndMail {
  let blobs: LocalBlobs;
  let smtp: MailCapture;
  beforeAll(async () => {
    [blobs, smtp] = await Promise.all([startLocalBlobs(), startMailCapture()]);
    process.env['SMTP_URL'] = smtp.url;
    process.env['MAIL_FROM'] = 'Learning Hub <hub@parcelwise.example>';
  });
  afterAll(async () => {
    await options.beforeStop?.();
    await Promise.all([blobs.stop(), smtp.stop()]);
    delete process.env['SMTP_URL'];
    delete process.env['MAIL_FROM'];
  });
  beforeEach(() => void (smtp.received.length = 0));
  const parsed = (): Promise<ParsedMail[]> => Promise.all(smtp.received.map((mail) => simpleParser(mail.raw)));
  return {
    get smtp() {
      return smtp;
    },
    mailTo: async (address) => (await parsed()).filter((mail) => mail.to && 'text' in mail.to && mail.to.text === address),
  };
}
