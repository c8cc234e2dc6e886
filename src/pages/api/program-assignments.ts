import type { APIRoute } from 'astro';
import { assignProgramRequestSchema } from '~/lib/api/programs';
import { requestNow } from '~/lib/server/clock';
import { readJsonBesideCheck } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';
import { requireAdmin } from '~/lib/server/http/signed-in';
import { assignProgram, personByUsername, planResponse } from '~/lib/server/programs/programs';

export const prerender = false;

/** POST /api/program-assignments (administrators): assigns a program from a start date (today by default); 201 with the person's plan. */
export const POST: APIRoute = async ({ locals, request }) => {
  const now = requestNow(request);
  const body = readJsonBesideCheck(request, assignProgramRequestSchema);
  const { user, data: person } = await requireAdmin(locals, async () => personByUsername((await body).username, now));
  return json(planResponse(await assignProgram(user, person, await body, now)), 201);
};
