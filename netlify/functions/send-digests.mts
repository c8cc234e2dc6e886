// Scheduled: every hour, asks the site to run the e-mail digest pass (POST /api/scheduled/send-digests,
// src/server/digest/send-digests.ts). The pass reads the content, which is built into the site's
// function only; this one carries nothing but the call and its token (docs/architecture.md "Scheduled functions").
import type { Config, Context } from '@netlify/functions';
import { scheduledCallHeaders, scheduledCallPath } from '~/server/http/scheduled-call';

/** A scheduled function has 30 seconds; the pass stops starting batches after 20. */
const WAIT_MS = 28_000;

/** Netlify's `URL` (the site's main address, set for functions at run time), else the context's. */
const siteAddress = (context?: Pick<Context, 'site'>) => process.env['URL']?.trim() || context?.site?.url || null;

export default async function sendDigestsNow(_request?: Request, context?: Pick<Context, 'site'>): Promise<Response> {
  const site = siteAddress(context);
  if (!site) {
    console.error('digest pass not asked for: URL is not set');
    return Response.json({ message: 'URL is not set: the site to ask for the digest pass is unknown.' }, { status: 500 });
  }
  try {
    const response = await fetch(new URL(scheduledCallPath('send-digests'), site), {
      method: 'POST',
      headers: scheduledCallHeaders('send-digests'),
      signal: AbortSignal.timeout(WAIT_MS),
    });
    const body = await response.text();
    if (response.ok) console.log('digest pass', body);
    else console.error(`digest pass refused: ${response.status}`, body.slice(0, 500));
    return new Response(body, { status: response.status, headers: { 'Content-Type': 'application/json' } });
  } catch (error) {
    // The pass stores its progress batch by batch: what this one did not finish, the next one does.
    const reason = error instanceof Error ? error.message : String(error);
    console.error('digest pass: no answer from the site', reason);
    return Response.json({ message: `No answer from the site: ${reason}` }, { status: 502 });
  }
}

export const config: Config = { schedule: '@hourly' };
