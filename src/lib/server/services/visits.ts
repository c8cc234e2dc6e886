// Visit tracking (SPEC §4, §7 POST /api/track-visit): one activity event per visit, keyed per user.
// Figures must not be inflatable by a script (docs/decisions.md "Team progress"): only paths of real
// pages count; a visit that repeats one of the same user to the same page (same tab, same kind) within
// 10 seconds is answered but not counted; more than 120 visits in a minute are refused with 429.
import { createHash } from 'node:crypto';
import type { TrackVisit } from '~/lib/api/team';
import { getSegment, getPersona } from '~/lib/content/buyers';
import { getModule, getQuiz } from '~/lib/content/learning';
import { matchPageRoute, withoutTrailingSlashes, type PageRoute } from '~/lib/routes';
import { HttpError } from '~/lib/server/errors';
import { activity, type ActivityEvent } from '~/lib/server/storage/activity';
import { signInFailures, tagOf, throttleSubject } from '~/lib/server/storage/sign-in-failures';

export const VISITS_PER_MINUTE = 120;
const MINUTE_MS = 60_000;
const REPEAT_MS = 10_000;

/** Whether a page route's ids name real content. */
async function routeExists(route: PageRoute): Promise<boolean> {
  switch (route.page) {
    case 'static':
      return true;
    case 'segment':
      return (await getSegment(route.id)) !== null;
    case 'persona':
      return (await getPersona(route.id)) !== null;
    case 'quiz':
      return (await getQuiz(route.id)) !== null;
    case 'module':
      return (await getModule(route.id)) !== null;
    case 'lesson':
      return (await getModule(route.moduleId))?.lessons.some((lesson) => lesson.id === route.lessonId) ?? false;
  }
}

/** The path as counted (trailing slashes dropped); 400 naming the field when no page of the site has it. */
async function countedPath(pagePath: string): Promise<string> {
  const route = matchPageRoute(pagePath);
  if (!route || !(await routeExists(route))) throw new HttpError(400, 'pagePath: not a page of this site');
  return withoutTrailingSlashes(pagePath);
}

/**
 * Records one visit of the signed-in user. The user comes from the session, never from the body;
 * `recordedAt` (server time) is what the team figures use, `visitDate` is kept as the client sent it.
 * Two Blobs round trips: (mark ∥ journal), then the user's marks of the last minute; a visit that turns
 * out to be a repeat or over the cap withdraws its journal entry in a third.
 */
export async function recordVisit(userId: string, visit: TrackVisit, now: Date = new Date()): Promise<void> {
  const pagePath = await countedPath(visit.pagePath);
  const event: ActivityEvent = {
    kind: 'visit',
    pagePath,
    tabId: visit.tabId,
    exitPage: visit.exitPage,
    visitDate: new Date(visit.visitDate).toISOString(),
    recordedAt: now.toISOString(),
  };
  const tag = createHash('sha256').update(JSON.stringify([pagePath, visit.tabId, visit.exitPage])).digest('hex').slice(0, 16);
  const subject = throttleSubject.visits(userId);
  const [mark, id] = await Promise.all([signInFailures.record(subject, now, tag), activity.add(userId, event)]);
  const recent = await signInFailures.since(subject, new Date(now.getTime() - MINUTE_MS), now);
  const others = recent.filter((attempt) => attempt.key !== mark);
  if (others.length + 1 > VISITS_PER_MINUTE) {
    await Promise.all([signInFailures.remove([mark]), activity.withdraw(userId, id, event)]);
    const oldest = others[others.length - VISITS_PER_MINUTE]!;
    const retryAfter = Math.max(1, Math.ceil((oldest.at.getTime() + MINUTE_MS - now.getTime()) / 1000));
    throw new HttpError(429, 'Too many visits recorded. Please slow down.', { 'Retry-After': String(retryAfter) });
  }
  const markTime = now.getTime();
  const repeats = others.some(
    (other) =>
      tagOf(other.key) === tag &&
      other.at.getTime() > markTime - REPEAT_MS &&
      (other.at.getTime() < markTime || (other.at.getTime() === markTime && other.key < mark)),
  );
  if (repeats) await activity.withdraw(userId, id, event);
}
