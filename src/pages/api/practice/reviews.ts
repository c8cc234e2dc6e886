import type { APIRoute } from 'astro';
import { PRACTICE_REVIEWS_DENIED } from '~/shared/api/practice';
import { json } from '~/server/http/response';
import { requireAdmin } from '~/server/http/signed-in';
import { listWaiting } from '~/server/practice/practice';

/** GET /api/practice/reviews (administrators): attempts waiting for review, oldest first. */
export const GET: APIRoute = async ({ locals }) => {
  const { data: waiting } = await requireAdmin(locals, listWaiting, PRACTICE_REVIEWS_DENIED);
  return json({ waiting });
};
