import type { APIRoute } from 'astro';
import { requireUser } from '~/server/http/signed-in';
import { getRecording } from '~/server/practice/practice';

/** GET /api/practice/attempts/{id}/audio: the recording, for its owner or an administrator; never cached. */
export const GET: APIRoute = async ({ locals, params }) => {
  const who = await requireUser(locals);
  const { bytes, contentType } = await getRecording(who, params['id'] ?? '');
  return new Response(bytes, {
    headers: { 'Content-Type': contentType, 'Content-Length': String(bytes.byteLength), 'Cache-Control': 'private, no-store' },
  });
};
