// Scheduled: deletes failed sign-ins older than the throttle window, every hour, so the records that
// throttling lists stay few (docs/architecture.md "Scheduled functions").
import type { Config } from '@netlify/functions';
import { removeExpiredSignInFailures } from '~/lib/server/services/sign-in';

export default async function expireSignInFailures(): Promise<Response> {
  const removed = await removeExpiredSignInFailures(new Date());
  console.log('expired sign-in failures removed', { removed });
  return Response.json({ removed });
}

export const config: Config = { schedule: '@hourly' };
