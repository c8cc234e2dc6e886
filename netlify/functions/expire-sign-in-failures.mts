// Scheduled: every hour, deletes whole time buckets of failed sign-ins and wrong invite codes older than
// the 15-minute throttle window, and sessions past their 7 days, so nothing a sign-in lists or a session
// check reads grows with history (docs/architecture.md "Scheduled functions").
import type { Config } from '@netlify/functions';
import { removeExpiredSessions } from '~/lib/server/accounts/sessions';
import { removeExpiredSignInFailures } from '~/lib/server/accounts/sign-in';

export default async function expireSignInFailures(): Promise<Response> {
  const now = new Date();
  const [removed, sessionsRemoved] = await Promise.all([removeExpiredSignInFailures(now), removeExpiredSessions(now)]);
  console.log('expired sign-in failures and sessions removed', { removed, sessionsRemoved });
  return Response.json({ removed, sessionsRemoved });
}

export const config: Config = { schedule: '@hourly' };
