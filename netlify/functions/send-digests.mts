// Scheduled: every hour, the e-mail digest to the people whose hour it is on their clock (docs/architecture.md
// "Scheduled functions"; src/lib/server/digest/send-digests.ts). Without SMTP_URL nothing is sent.
import type { Config } from '@netlify/functions';
import { backgroundWorkDone } from '~/lib/server/background';
import { siteUrl } from '~/lib/server/config';
import { digestSources, sendDigests } from '~/lib/server/digest/send-digests';
import { mailConfigured } from '~/lib/server/mail/transport';

/** `now` and `dryRun` are for `npm run scheduled -- send-digests --now … --dry-run`; the schedule passes neither. */
export default async function sendDigestsNow(_request?: Request, options: { now?: Date; dryRun?: boolean } = {}): Promise<Response> {
  const dryRun = options.dryRun ?? false;
  if (!mailConfigured() && !dryRun) {
    console.log('digest: SMTP_URL is not set, nothing sent');
    return Response.json({ sent: 0, reason: 'SMTP_URL is not set' });
  }
  const now = options.now ?? new Date();
  const result = await sendDigests({ now, dryRun }, digestSources(siteUrl(), now));
  await backgroundWorkDone();
  const sent = result.outcomes.filter((outcome) => outcome.result === 'sent').length;
  const summary = { ...result, sent };
  console.log('digest pass', { hours: result.hours, considered: result.considered, sent, finished: result.finished });
  return Response.json(summary);
}

export const config: Config = { schedule: '@hourly' };
