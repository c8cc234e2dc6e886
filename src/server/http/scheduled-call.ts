/**
 * Calls from the site's own scheduled functions (netlify/functions/) to the routes that do their work
 * inside the site's function, where the content is built in (docs/architecture.md "Scheduled functions").
 * Such a call carries no session and no Origin: its authority is a bearer token derived from
 * SESSION_SECRET for that one task (HKDF-SHA256, as the cookie keys are), which both functions compute
 * and nobody else knows. The token does not depend on the deploy context (scheduled functions run only on
 * the published production deploy), so a function and a site of different deploys still agree.
 */
import { createHash, hkdfSync, timingSafeEqual } from 'node:crypto';
import { sessionSecret } from '../config';
import { HttpError } from '../errors';

/** The scheduled work done by a site route, and that route. */
const SCHEDULED_ROUTES = {
  'send-digests': '/api/scheduled/send-digests',
} as const;

export type ScheduledTask = keyof typeof SCHEDULED_ROUTES;

export const scheduledCallPath = (task: ScheduledTask): string => SCHEDULED_ROUTES[task];

/** A path only scheduled functions call: no session, no Origin check (the route checks the token). */
export const isScheduledCallPath = (path: string): boolean => (Object.values(SCHEDULED_ROUTES) as string[]).includes(path);

/** The token of one task, good for nothing else (its own HKDF info). */
export function scheduledCallToken(task: ScheduledTask): string {
  const info = `parcelwise-scheduled-call:${task}`;
  return Buffer.from(hkdfSync('sha256', sessionSecret(), 'parcelwise-learning-hub', info, 32)).toString('base64url');
}

/** The `Authorization` header a scheduled function sends. */
export const scheduledCallHeaders = (task: ScheduledTask): Record<string, string> => ({
  Authorization: `Bearer ${scheduledCallToken(task)}`,
});

const NO_TOKEN = 'This call is made by the site’s scheduled function: send its token as Authorization: Bearer <token>.';
const WRONG_TOKEN = 'This token is not the scheduled function’s.';

// Hashed first, so the comparison takes the same time whatever length was sent.
const digestOf = (text: string) => createHash('sha256').update(text).digest();

/** 401 without a bearer token, 403 with another one than the task's. */
export function requireScheduledCall(request: Request, task: ScheduledTask): void {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) throw new HttpError(401, NO_TOKEN, { 'WWW-Authenticate': 'Bearer' });
  if (!timingSafeEqual(digestOf(token), digestOf(scheduledCallToken(task)))) throw new HttpError(403, WRONG_TOKEN);
}
