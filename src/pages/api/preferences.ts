import type { APIRoute } from 'astro';
import { updatePreferencesRequestSchema } from '~/shared/api/preferences';
import { requestNow } from '~/server/clock';
import { readJson } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { getPreferences, updatePreferences } from '~/server/preferences/preferences';

/** GET /api/preferences: the digest, its hour and time zone, and the vacation hold (defaults when never set). */
export const GET: APIRoute = async ({ locals }) => json((await requireUser(locals, getPreferences)).data);

/** PATCH /api/preferences: any of digest, hour, timeZone, reviewHoldUntil; 400 naming a bad field. */
export const PATCH: APIRoute = async ({ locals, request }) => {
  const body = await readJson(request, updatePreferencesRequestSchema);
  const { user } = await requireUser(locals);
  return json(await updatePreferences(user.id, body, requestNow(request)));
};
