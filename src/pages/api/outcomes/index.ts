import type { APIRoute } from 'astro';
import { OUTCOMES_SIGNATURE_HEADER, outcomesQuerySchema, recordOutcomeRequestSchema } from '~/shared/api/outcomes';
import { requestNow } from '~/server/clock';
import { readJson, readQuery, readSignedJson } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireUser } from '~/server/http/signed-in';
import { listOutcomes, readOutcomesOf, recordOutcome, type Caller } from '~/server/outcomes/outcomes';
import { verifySignature } from '~/server/outcomes/signature';

/**
 * POST /api/outcomes: a milestone reached; 201, or 200 with the outcome there when it was recorded on that
 * date already. From an administrator's session, the person's own session for themself, or a CRM's webhook
 * signed in X-Parcelwise-Signature (401 before anything is read or stored when the signature, its
 * timestamp or the secret is wrong; 409 for an event id received before).
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const now = requestNow(request);
  if (request.headers.has(OUTCOMES_SIGNATURE_HEADER)) {
    const header = request.headers.get(OUTCOMES_SIGNATURE_HEADER);
    const body = await readSignedJson(request, recordOutcomeRequestSchema, (text) => verifySignature(header, text, now));
    const { outcome, created } = await recordOutcome({ kind: 'webhook' }, body, now);
    return json(outcome, created ? 201 : 200);
  }
  const body = readJson(request, recordOutcomeRequestSchema);
  body.catch(() => undefined); // a signed-out caller gets the 401 first
  const { user, isAdmin } = await requireUser(locals);
  const caller: Caller = { kind: isAdmin ? 'admin' : 'self', user };
  const { outcome, created } = await recordOutcome(caller, await body, now);
  return json(outcome, created ? 201 : 200);
};

/** GET /api/outcomes?username=: an administrator for anybody, anybody else for themself (403 otherwise). */
export const GET: APIRoute = async ({ locals, url }) => {
  const { username } = readQuery(url, outcomesQuerySchema);
  const reading = readOutcomesOf(username); // beside the session check: one round trip for both
  const { user, isAdmin } = await requireUser(locals);
  return json(await listOutcomes({ kind: isAdmin ? 'admin' : 'self', user }, username, reading));
};
