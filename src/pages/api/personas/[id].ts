import type { APIRoute } from 'astro';
import { personaResponseSchema } from '~/shared/api/buyers';
import { getPersona } from '~/server/content/buyers';
import { HttpError } from '~/server/errors';
import { requireRouteId } from '~/server/http/request';
import { json } from '~/server/http/response';

/** GET /api/personas/{id}: one persona; 400 for a non-integer id, 404 for an unknown one. */
export const GET: APIRoute = async ({ params }) => {
  const id = requireRouteId(params['id']);
  const persona = await getPersona(id);
  if (!persona) throw new HttpError(404, 'Persona not found');
  return json(personaResponseSchema.parse(persona));
};
