import type { APIRoute } from 'astro';
import { signOffRequestSchema } from '~/lib/api/programs';
import { requestNow } from '~/lib/server/clock';
import { readJson } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { requireAdmin } from '~/lib/server/http/signed-in';
import { signOff, signoffReadsOf } from '~/lib/server/programs/programs';

export const prerender = false;

/** POST /api/program-signoffs (administrators): signs off an item; 201, or 200 with the first sign-off when it was already signed off. */
export const POST: APIRoute = async ({ locals, request }) => {
  // Parsed beside the session check: a bad body is a 400 for administrators, a 403 like any other for anybody else.
  const body = readJson(request, signOffRequestSchema);
  body.catch(() => undefined); // awaited once the caller is known
  const { user, data: person } = await requireAdmin(locals, async () => signoffReadsOf((await body).username));
  const { signoff, created } = await signOff(user, person, await body, requestNow(request));
  return json(signoff, created ? 201 : 200);
};
