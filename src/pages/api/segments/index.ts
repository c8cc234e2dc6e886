import type { APIRoute } from 'astro';
import { segmentListResponseSchema } from '~/shared/api/buyers';
import { getSegments } from '~/server/content/buyers';
import { json } from '~/server/http/response';

/** GET /api/segments: the buyer segments, ordered by id, one per distinct name. */
export const GET: APIRoute = async () => json(segmentListResponseSchema.parse(await getSegments()));
