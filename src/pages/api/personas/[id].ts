import type { APIRoute } from 'astro';
import { personaResponseSchema } from '~/lib/api/buyers';
import { getPersona } from '~/lib/content/buyers';
import { HttpError } from '~/lib/server/errors';
import { requireRouteId } from '~/lib/server/http/request';
import { json } from '~/lib/server/http/response';

export const prerender = false;

/** GET /api/personas/{id}: one persona; 400 for a non-integer id, 404 for an unknown one. */
export const GET: APIRoute = async ({ params }) => {
  const id = requireRouteId(params['id']);
  const persona = await getPersona(id);
  if (!persona) throw new HttpError(404, 'Persona not found');
  return json(personaResponseSchema.parse(persona));
};
