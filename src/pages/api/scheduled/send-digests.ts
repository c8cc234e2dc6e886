import type { APIRoute } from 'astro';
import { requestNow } from '~/server/clock';
import { digestPassSummary, runDigestPass } from '~/server/digest/send-digests';
import { requireScheduledCall } from '~/server/http/scheduled-call';
import { json } from '~/server/http/response';

/**
 * POST /api/scheduled/send-digests: the hourly digest pass, asked for by the scheduled function
 * (netlify/functions/send-digests.mts) with its token; 401 without one, 403 with another. Answers the counts.
 */
export const POST: APIRoute = async ({ request }) => {
  requireScheduledCall(request, 'send-digests');
  return json(digestPassSummary(await runDigestPass({ now: requestNow(request) })));
};
