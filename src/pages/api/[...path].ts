import type { APIRoute } from 'astro';
import { errorResponse } from '~/server/http/response';

/** Any /api path without a route of its own: a JSON 404, never the HTML not-found page. */
export const ALL: APIRoute = () => errorResponse(404, 'Not found');
