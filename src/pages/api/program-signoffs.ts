import type { APIRoute } from 'astro';
import { signOffRequestSchema } from '~/shared/api/programs';
import { requestNow } from '~/server/clock';
import { readJsonBesideCheck } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireAdmin } from '~/server/http/signed-in';
import { signOff, signoffReadsOf } from '~/server/programs/programs';

/** POST /api/program-signoffs (administrators): signs off an item; 201, or 200 with the first sign-off when it was already signed off. */
export const POST: APIRoute = async ({ locals, request }) => {
  const body = readJsonBesideCheck(request, signOffRequestSchema);
  const { user, data: person } = await requireAdmin(locals, async () => signoffReadsOf((await body).username));
  const { signoff, created } = await signOff(user, person, await body, requestNow(request));
  return json(signoff, created ? 201 : 200);
};
