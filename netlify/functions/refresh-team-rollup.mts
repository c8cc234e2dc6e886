// Scheduled: refreshes the team rollup every 15 minutes, so the first Team Progress load after quiet
// hours folds minutes of events instead of hours (docs/architecture.md "Scheduled functions").
import type { Config } from '@netlify/functions';
import { refreshTeamRollup } from '~/server/team/team-rollup';

export default async function refreshTeamRollupNow(): Promise<Response> {
  const { committed, entriesRead } = await refreshTeamRollup(new Date());
  const summary = { members: Object.keys(committed.members).length, activityThrough: committed.activityThrough, entriesRead };
  console.log('team rollup refreshed', summary);
  return Response.json(summary);
}

export const config: Config = { schedule: '*/15 * * * *' };
