import type { APIRoute } from 'astro';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { listPrograms } from '~/server/programs/programs';

/** GET /api/programs (signed in): every onboarding program, `items` the number of its items. */
export const GET: APIRoute = async ({ locals }) => {
  await requireUser(locals);
  return json(await listPrograms());
};
