// Visit tracking (SPEC §4, §7 POST /api/track-visit): one activity event per visit, keyed per user.
import type { TrackVisit } from '~/lib/api/team';
import { activity } from '~/lib/server/storage/activity';

/**
 * Records one visit of the signed-in user. The user comes from the session, never from the body;
 * `recordedAt` (server time) is what the team figures use, `visitDate` is kept as the client sent it.
 */
export async function recordVisit(userId: string, visit: TrackVisit, now: Date = new Date()): Promise<string> {
  return activity.add(userId, {
    kind: 'visit',
    pagePath: visit.pagePath,
    tabId: visit.tabId,
    exitPage: visit.exitPage,
    visitDate: new Date(visit.visitDate).toISOString(),
    recordedAt: now.toISOString(),
  });
}
