/**
 * Local runs (`npm run dev`, `npm run serve:built`, `npm run scheduled`) send mail to an embedded SMTP
 * server unless the environment names a real one (SMTP_URL set): what arrives is kept in `.netlify/mail/`,
 * and `npm run mail` lists and prints it.
 */
import path from 'node:path';
import { startMailCapture, type MailCapture } from './server';

export const LOCAL_MAIL_FOLDER = path.resolve('.netlify/mail');
const LOCAL_FROM = 'Parcelwise Learning Hub <learning-hub@parcelwise.example>';

export async function localMailUnlessConfigured(): Promise<MailCapture | null> {
  if (process.env['SMTP_URL']?.trim()) return null;
  const capture = await startMailCapture({ directory: LOCAL_MAIL_FOLDER });
  process.env['SMTP_URL'] = capture.url;
  process.env['MAIL_FROM'] ??= LOCAL_FROM;
  return capture;
}
