import type { APIRoute } from 'astro';
import { requireAdmin } from '~/server/http/signed-in';
import { deleteOutcome } from '~/server/outcomes/outcomes';

/** DELETE /api/outcomes/{id} (administrators): removes a recorded outcome, so it can be recorded again; 204, 404 for none. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await requireAdmin(locals);
  await deleteOutcome(params['id'] ?? '');
  return new Response(null, { status: 204 });
};
