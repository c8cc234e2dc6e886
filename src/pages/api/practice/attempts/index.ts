import type { APIRoute } from 'astro';
import { createTextAttemptSchema, PRACTICE_AUDIO_MAX_BYTES } from '~/shared/api/practice';
import { requestNow } from '~/server/clock';
import { HttpError } from '~/server/errors';
import { isMultipart, readJson, readMultipart } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { createAudioAttempt, createTextAttempt } from '~/server/practice/practice';

/** Room for the form's boundaries and its scenarioId field around a recording of the largest size. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

/**
 * POST /api/practice/attempts: `{scenarioId, text}` (JSON), matched against the rubric at once, or a
 * multipart form with `scenarioId` and `audio` (a recording); 201 with the attempt.
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const now = requestNow(request);
  if (!isMultipart(request)) {
    const body = await readJson(request, createTextAttemptSchema);
    const { user } = await requireUser(locals);
    return json(await createTextAttempt(user.id, body, now), 201);
  }
  const { user } = await requireUser(locals);
  const { fields, files } = await readMultipart(
    request,
    PRACTICE_AUDIO_MAX_BYTES + FORM_OVERHEAD_BYTES,
    'The recording is larger than 5 MB.',
  );
  const scenarioId = fields['scenarioId']?.trim();
  const audio = files['audio'];
  if (!scenarioId) throw new HttpError(400, 'scenarioId: Required');
  if (!audio || audio.byteLength === 0) throw new HttpError(400, 'audio: Required: send the recording as the audio field');
  return json(await createAudioAttempt(user.id, scenarioId, audio, now), 201);
};
