import type { APIRoute } from 'astro';
import { requestNow } from '~/server/clock';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { planFromRecords, planResponse, readPlanRecords } from '~/server/programs/programs';

/** GET /api/plan: the caller's own plan (program null without one); never anybody else's. */
export const GET: APIRoute = async ({ locals, request }) => {
  const now = requestNow(request);
  const { user, data } = await requireUser(locals, (userId) => readPlanRecords(userId, now));
  return json(planResponse(await planFromRecords(user.id, data, now)));
};
