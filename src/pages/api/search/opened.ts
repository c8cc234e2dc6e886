import type { APIRoute } from 'astro';
import { searchOpenedRequestSchema } from '~/shared/api/search';
import { requestNow } from '~/server/clock';
import { readJson } from '~/server/http/request';
import { requireUser } from '~/server/http/signed-in';
import { recordOpenedResult } from '~/server/search/search';

/**
 * POST /api/search/opened (docs/product.md "POST /api/search/opened"): the result someone opened from a search, logged
 * without who opened it. 204; 400 when the link is not one of the term's results.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const { q, href, typing } = await readJson(request, searchOpenedRequestSchema);
  await requireUser(locals);
  await recordOpenedResult(q, href, { typing: typing ?? null, now: requestNow(request) });
  return new Response(null, { status: 204 });
};
