import type { APIRoute } from 'astro';
import { requestNow } from '~/server/clock';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { deleteAttempt, getAttempt } from '~/server/practice/practice';

/** GET /api/practice/attempts/{id}: the attempt, for its owner or an administrator (404 for anybody else). */
export const GET: APIRoute = async ({ locals, params }) => {
  const who = await requireUser(locals);
  return json(await getAttempt(who, params['id'] ?? ''));
};

/** DELETE /api/practice/attempts/{id}: the owner deletes an attempt nobody has reviewed yet (204; 409 once reviewed). */
export const DELETE: APIRoute = async ({ locals, params, request }) => {
  const { user } = await requireUser(locals);
  await deleteAttempt(user.id, params['id'] ?? '', requestNow(request));
  return new Response(null, { status: 204 });
};
