// Scheduled: every hour, deletes whole time buckets of failed sign-ins and wrong invite codes older than
// the 15-minute throttle window, sessions past their 7 days, and the marks of new accounts older than
// yesterday, so nothing a sign-in lists or a session check reads grows with history (docs/architecture.md
// "Scheduled functions").
import type { Config } from '@netlify/functions';
import { removeExpiredSessions } from '~/server/accounts/sessions';
import { removeExpiredSignInFailures } from '~/server/accounts/sign-in';
import { removeExpiredNewAccountMarks } from '~/server/accounts/new-accounts';

export default async function expireSignInFailures(): Promise<Response> {
  const now = new Date();
  const [removed, sessionsRemoved, newAccountMarksRemoved] = await Promise.all([
    removeExpiredSignInFailures(now),
    removeExpiredSessions(now),
    removeExpiredNewAccountMarks(now),
  ]);
  console.log('expired sign-in failures, sessions and new-account marks removed', { removed, sessionsRemoved, newAccountMarksRemoved });
  return Response.json({ removed, sessionsRemoved, newAccountMarksRemoved });
}

export const config: Config = { schedule: '@hourly' };
