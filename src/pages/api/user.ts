import type { APIRoute } from 'astro';
import { requireUser } from '~/server/http/signed-in';
import { json } from '~/server/http/response';

/** GET /api/user: the signed-in user (the middleware answers 401 when there is none). */
export const GET: APIRoute = async ({ locals }) => json((await requireUser(locals)).user);
