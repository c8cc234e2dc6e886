import type { APIRoute } from 'astro';
import { assignProgramRequestSchema } from '~/shared/api/programs';
import { requestNow } from '~/server/clock';
import { readJsonBesideCheck } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireAdmin } from '~/server/http/signed-in';
import { assignProgram, personByUsername, planResponse } from '~/server/programs/programs';

/** POST /api/program-assignments (administrators): assigns a program from a start date (today by default); 201 with the person's plan. */
export const POST: APIRoute = async ({ locals, request }) => {
  const now = requestNow(request);
  const body = readJsonBesideCheck(request, assignProgramRequestSchema);
  const { user, data: person } = await requireAdmin(locals, async () => personByUsername((await body).username, now));
  return json(planResponse(await assignProgram(user, person, await body, now)), 201);
};
