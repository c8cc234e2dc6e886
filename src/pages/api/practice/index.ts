import type { APIRoute } from 'astro';
import { requestNow } from '~/server/clock';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { listPractice } from '~/server/practice/practice';

/** GET /api/practice: every scenario with the caller's state (not tried, draft, waiting, passed, try again, due). */
export const GET: APIRoute = async ({ locals, request }) => {
  const now = requestNow(request);
  const { data: scenarios } = await requireUser(locals, (userId) => listPractice(userId, now));
  return json({ scenarios });
};
