import type { APIRoute } from 'astro';
import { segmentListResponseSchema } from '~/lib/api/buyers';
import { getSegments } from '~/lib/content/buyers';
import { json } from '~/lib/server/http/response';

export const prerender = false;

/** GET /api/segments: the buyer segments, ordered by id, one per distinct name. */
export const GET: APIRoute = async () => json(segmentListResponseSchema.parse(await getSegments()));
