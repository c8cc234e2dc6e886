import type { APIRoute } from 'astro';
import { segmentResponseSchema } from '~/shared/api/buyers';
import { getSegment } from '~/server/content/buyers';
import { HttpError } from '~/server/errors';
import { requireRouteId } from '~/server/http/request';
import { json } from '~/server/http/response';

/** GET /api/segments/{id}: one segment; 400 for a non-integer id, 404 for an unknown one. */
export const GET: APIRoute = async ({ params }) => {
  const id = requireRouteId(params['id']);
  const segment = await getSegment(id);
  if (!segment) throw new HttpError(404, 'Segment not found');
  return json(segmentResponseSchema.parse(segment));
};
