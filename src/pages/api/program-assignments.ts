import type { APIRoute } from 'astro';
import { assignProgramRequestSchema } from '~/lib/api/programs';
import { requestNow } from '~/lib/server/clock';
import { readJson } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { requireAdmin } from '~/lib/server/http/signed-in';
import { assignProgram, personByUsername, planResponse } from '~/lib/server/programs/programs';

export const prerender = false;

/** POST /api/program-assignments (administrators): assigns a program from a start date (today by default); 201 with the person's plan. */
export const POST: APIRoute = async ({ locals, request }) => {
  const now = requestNow(request);
  // Parsed beside the session check: a bad body is a 400 for administrators, a 403 like any other for anybody else.
  const body = readJson(request, assignProgramRequestSchema);
  body.catch(() => undefined); // awaited once the caller is known
  const { user, data: person } = await requireAdmin(locals, async () => personByUsername((await body).username, now));
  return json(planResponse(await assignProgram(user, person, await body, now)), 201);
};
