import type { APIRoute } from 'astro';
import { searchRequestSchema, searchResponseSchema } from '~/shared/api/search';
import { requestNow } from '~/server/clock';
import { readQuery } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { search } from '~/server/search/search';

/**
 * GET /api/search?q={term}&typing={run} (docs/product.md "GET /api/search"): modules, segments, personas and quizzes matching
 * the term, best first, at most 8 each; four empty lists for an empty query; 400 naming q when it is over 200 characters.
 * The search is logged after the answer, without who made it, once a day per person and term.
 */
export const GET: APIRoute = async ({ url, request, locals }) => {
  const { q, typing } = readQuery(url, searchRequestSchema);
  const { user } = await requireUser(locals);
  return json(searchResponseSchema.parse(await search(q, { typing: typing ?? null, now: requestNow(request), searcher: user.id })));
};
