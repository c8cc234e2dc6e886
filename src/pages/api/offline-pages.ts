import type { APIRoute } from 'astro';
import { requestNow } from '~/server/clock';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { offlinePages } from '~/server/offline/offline-pages';

/** GET /api/offline-pages: `{ readerKey, pages }`, the pages the service worker keeps for the person signed in. */
export const GET: APIRoute = async ({ locals, request }) =>
  json((await requireUser(locals, (userId) => offlinePages(userId, requestNow(request)))).data);
