/**
 * Team progress (SPEC §2, §3, §9; DECISIONS.md "Learning data"): one row per user with the figures
 * defined once, computed from per-user rollups so a request never re-reads the whole history.
 *
 * How the rollups work (DECISIONS.md "Data layout": aggregates are caches rebuilt from the events):
 * - A rollup (storage key rollups/<userId>) holds counts of the activity events folded so far and a
 *   watermark `activityThrough`: every activity event older than it is counted, none newer.
 *   Activity ids start with their time, so a refresh lists only the days since the watermark and
 *   reads only the bodies of newer events.
 * - The watermark trails the clock by SETTLE_MS: an event written late (a slow request) is still
 *   newer than the watermark when it lands. Events inside the settle window are read on every request
 *   and added to the answer without being committed, so the answer is always up to the second.
 * - Quiz results, challenge answers and lesson completions are few per user and not time-keyed: the
 *   rollup keeps the ids it has folded and reads only unseen ones (keys are listed, bodies read once).
 *   For the whole team their keys are listed once per source, not once per user.
 * - Every saved rollup is self-consistent, so concurrent refreshes can only repeat work, never lose
 *   counts; `rebuildRollups` (scripts/rebuild-rollups.ts) recomputes every rollup from the events.
 * - Progress is computed at read time from the folded lesson ids and the current content, so a content
 *   change never needs a rebuild.
 */
import { z } from 'zod';
import type { TeamProgressRow } from '../../api/team';
import {
  activity,
  challengeAnswers,
  parseEventTime,
  progress,
  rollups,
  teamProgressSources,
  users,
  type ActivityEvent,
  type StoredUser,
} from '../storage';

/** How far the committed watermark trails the clock. */
export const SETTLE_MS = 60_000;
/** A rollup is re-saved at least this often even without new events, so its listing stays one or two days. */
const WATERMARK_REFRESH_MS = 12 * 60 * 60 * 1000;
const USER_CONCURRENCY = 16;

// ---------------------------------------------------------------------------------------------
// The rollup and its pure folding logic

const count = z.number().int().nonnegative();

export const userRollupSchema = z.strictObject({
  version: z.literal(1),
  /** When this rollup was last saved. */
  generatedAt: z.iso.datetime(),
  /** Every activity event strictly older than this time is counted; none newer. Null: none folded. */
  activityThrough: z.iso.datetime().nullable(),
  /** The newest activity event id folded in. */
  lastEventId: z.string().nullable(),
  pagesVisited: count,
  tabChanges: count,
  exits: count,
  loginCount: count,
  quizResultIds: z.array(z.string()),
  /** Distinct quiz ids with at least one folded result. */
  quizIds: z.array(z.string()),
  challengeWindowIds: z.array(z.string()),
  /** Completed lessons as "moduleId/lessonId". */
  lessonKeys: z.array(z.string()),
  /** Latest time of any folded event. */
  lastActive: z.iso.datetime().nullable(),
});
export type UserRollup = z.infer<typeof userRollupSchema>;

export function emptyRollup(now: Date): UserRollup {
  return {
    version: 1,
    generatedAt: now.toISOString(),
    activityThrough: null,
    lastEventId: null,
    pagesVisited: 0,
    tabChanges: 0,
    exits: 0,
    loginCount: 0,
    quizResultIds: [],
    quizIds: [],
    challengeWindowIds: [],
    lessonKeys: [],
    lastActive: null,
  };
}

/** The later of two ISO times (null is "never"). */
export function later(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/** How a visit counts (DECISIONS.md): page entry = no exit and no tab; exits and tab changes are not page visits. */
export function visitKind(event: Extract<ActivityEvent, { kind: 'visit' }>): 'entry' | 'exit' | 'tab' {
  if (event.exitPage === 'navigation') return 'exit';
  if (event.tabId !== null) return 'tab';
  return 'entry';
}

/** Folds activity events (each exactly once: the caller passes only events newer than the watermark). */
export function foldActivity(rollup: UserRollup, events: ReadonlyArray<{ id: string; event: ActivityEvent }>): UserRollup {
  const next = { ...rollup };
  for (const { id, event } of events) {
    if (event.kind === 'login') next.loginCount += 1;
    else {
      const kind = visitKind(event);
      if (kind === 'entry') next.pagesVisited += 1;
      else if (kind === 'tab') next.tabChanges += 1;
      else next.exits += 1;
    }
    next.lastActive = later(next.lastActive, event.recordedAt);
    if (next.lastEventId === null || id > next.lastEventId) next.lastEventId = id;
  }
  return next;
}

export function foldQuizResults(rollup: UserRollup, results: ReadonlyArray<{ id: string; quizId: string; completedAt: string }>): UserRollup {
  const seen = new Set(rollup.quizResultIds);
  const quizIds = new Set(rollup.quizIds);
  let lastActive = rollup.lastActive;
  for (const result of results) {
    if (seen.has(result.id)) continue;
    seen.add(result.id);
    quizIds.add(result.quizId);
    lastActive = later(lastActive, result.completedAt);
  }
  return { ...rollup, quizResultIds: [...seen].sort(), quizIds: [...quizIds].sort(), lastActive };
}

export function foldChallengeAnswers(rollup: UserRollup, answers: ReadonlyArray<{ windowId: string; answeredAt: string }>): UserRollup {
  const seen = new Set(rollup.challengeWindowIds);
  let lastActive = rollup.lastActive;
  for (const answer of answers) {
    if (seen.has(answer.windowId)) continue;
    seen.add(answer.windowId);
    lastActive = later(lastActive, answer.answeredAt);
  }
  return { ...rollup, challengeWindowIds: [...seen].sort(), lastActive };
}

export const lessonKey = (moduleId: number | string, lessonId: number | string) => `${moduleId}/${lessonId}`;

export function foldLessonCompletions(
  rollup: UserRollup,
  completions: ReadonlyArray<{ moduleId: number; lessonId: string; completedAt: string }>,
): UserRollup {
  const seen = new Set(rollup.lessonKeys);
  let lastActive = rollup.lastActive;
  for (const completion of completions) {
    const k = lessonKey(completion.moduleId, completion.lessonId);
    if (seen.has(k)) continue;
    seen.add(k);
    lastActive = later(lastActive, completion.completedAt);
  }
  return { ...rollup, lessonKeys: [...seen].sort(), lastActive };
}

/** The part of a module the progress figure needs (as src/lib/content.ts getModules() returns it). */
export interface CurriculumModule {
  id: number | string;
  lessons: ReadonlyArray<{ id: number | string }>;
}

export function curriculumLessonKeys(modules: readonly CurriculumModule[]): Set<string> {
  return new Set(modules.flatMap((module) => module.lessons.map((lesson) => lessonKey(module.id, lesson.id))));
}

/** Completed lessons over all lessons of all modules, rounded percent; completions of lessons no longer in the content do not count. */
export function progressPercent(completedLessonKeys: readonly string[], allLessonKeys: ReadonlySet<string>): number {
  if (allLessonKeys.size === 0) return 0;
  const done = new Set(completedLessonKeys.filter((k) => allLessonKeys.has(k))).size;
  return Math.round((100 * done) / allLessonKeys.size);
}

export function toTeamRow(user: Pick<StoredUser, 'id' | 'username' | 'name'>, rollup: UserRollup, allLessonKeys: ReadonlySet<string>): TeamProgressRow {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    progress: progressPercent(rollup.lessonKeys, allLessonKeys),
    pagesVisited: rollup.pagesVisited,
    quizzesCompleted: rollup.quizIds.length,
    dailyChallenges: rollup.challengeWindowIds.length,
    loginCount: rollup.loginCount,
    lastActive: rollup.lastActive ?? 'null',
  };
}

/** Splits event ids at the watermark: older ones are committed to the rollup, newer ones only shown. */
export function splitAtWatermark(ids: readonly string[], watermark: Date): { committed: string[]; tail: string[] } {
  const committed: string[] = [];
  const tail: string[] = [];
  for (const id of ids) {
    const time = parseEventTime(id);
    if (time === null) continue;
    (time.getTime() < watermark.getTime() ? committed : tail).push(id);
  }
  return { committed, tail };
}

// ---------------------------------------------------------------------------------------------
// Reading and saving rollups

async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const present = <T>(value: T | null): value is T => value !== null;

/** Body reads per user at once: a cold refresh of a long history must not flood the Blobs server. */
const READ_CONCURRENCY = 16;

async function readActivity(userId: string, ids: readonly string[]): Promise<Array<{ id: string; event: ActivityEvent }>> {
  const events = await mapLimit(ids, READ_CONCURRENCY, async (id) => {
    const event = await activity.get(userId, id);
    return event ? { id, event } : null;
  });
  return events.filter(present);
}

/** The keys of a user's low-volume sources (listed, not read). */
export interface SourceKeys {
  quizResultIds: string[];
  windowIds: string[];
  lessons: Array<{ moduleId: number; lessonId: string }>;
}

async function listSourcesOf(userId: string): Promise<SourceKeys> {
  const [quizResultIds, windowIds, lessons] = await Promise.all([
    teamProgressSources.quizResultIds(userId),
    teamProgressSources.challengeWindowIds(userId),
    progress.completedLessons(userId),
  ]);
  return { quizResultIds, windowIds, lessons };
}

/** The same for every user with three listings in all (instead of three per user). */
async function listSourcesOfEveryone(): Promise<(userId: string) => SourceKeys> {
  const [quiz, challenge, lessons] = await Promise.all([
    teamProgressSources.keysByUser('quiz-results'),
    teamProgressSources.keysByUser('challenge-answers'),
    teamProgressSources.keysByUser('lesson-completions'),
  ]);
  const last = (parts: string[]) => parts[parts.length - 1] ?? '';
  return (userId) => ({
    quizResultIds: (quiz.get(userId) ?? []).map(last),
    windowIds: (challenge.get(userId) ?? []).map(last),
    lessons: (lessons.get(userId) ?? [])
      .filter((parts) => parts.length === 2)
      .map(([moduleId, lessonId]) => ({ moduleId: Number(moduleId), lessonId: String(lessonId) })),
  });
}

export interface RefreshResult {
  /** What is saved: events older than the watermark. */
  committed: UserRollup;
  /** What is shown: the committed rollup plus the events of the settle window. */
  view: UserRollup;
  /** Activity event bodies read by this refresh. */
  eventsRead: number;
}

/** Brings one user's rollup up to date, reading only events it has not folded yet (all of them when rebuilding). */
export async function refreshUserRollup(
  userId: string,
  now: Date,
  options: { rebuild?: boolean; sources?: SourceKeys } = {},
): Promise<RefreshResult> {
  const watermark = new Date(now.getTime() - SETTLE_MS);
  // The activity listing needs the rollup's watermark; the other listings do not: run both paths at once.
  const [{ stored, activityIds }, { quizResultIds, windowIds, lessons }] = await Promise.all([
    (async () => {
      const stored = options.rebuild ? null : await rollups.get(userId, userRollupSchema);
      const since = stored?.activityThrough ? new Date(stored.activityThrough) : null;
      return { stored, activityIds: await teamProgressSources.activityIdsSince(userId, since, now) };
    })(),
    options.sources ?? listSourcesOf(userId),
  ]);
  const base = stored ?? emptyRollup(now);
  const since = base.activityThrough === null ? null : new Date(base.activityThrough);
  const { committed: committedIds, tail: tailIds } = splitAtWatermark(activityIds, watermark);
  const seenQuizResults = new Set(base.quizResultIds);
  const seenWindows = new Set(base.challengeWindowIds);
  const seenLessons = new Set(base.lessonKeys);

  const [committedEvents, tailEvents, quizBodies, answerBodies, lessonBodies] = await Promise.all([
    readActivity(userId, committedIds),
    readActivity(userId, tailIds),
    mapLimit(
      quizResultIds.filter((id) => !seenQuizResults.has(id)),
      READ_CONCURRENCY,
      (id) => teamProgressSources.quizResult(userId, id),
    ),
    mapLimit(
      windowIds.filter((id) => !seenWindows.has(id)),
      READ_CONCURRENCY,
      (id) => challengeAnswers.get(userId, id),
    ),
    mapLimit(
      lessons.filter((l) => !seenLessons.has(lessonKey(l.moduleId, l.lessonId))),
      READ_CONCURRENCY,
      async (l) => {
        const body = await teamProgressSources.lessonCompletion(userId, l.moduleId, l.lessonId);
        return body ? { ...l, completedAt: body.completedAt } : null;
      },
    ),
  ]);
  const quizzes = quizBodies.filter(present);
  const answers = answerBodies.filter(present);
  const completions = lessonBodies.filter(present);

  let committed = foldActivity(base, committedEvents);
  committed = foldQuizResults(committed, quizzes);
  committed = foldChallengeAnswers(committed, answers);
  committed = foldLessonCompletions(committed, completions);
  committed.activityThrough = later(base.activityThrough, watermark.toISOString());

  const stale = since === null || watermark.getTime() - since.getTime() > WATERMARK_REFRESH_MS;
  const changed = stored === null || stale || committedEvents.length + quizzes.length + answers.length + completions.length > 0;
  if (changed) {
    committed.generatedAt = now.toISOString();
    await rollups.save(userId, userRollupSchema, committed);
  } else {
    committed = base; // nothing new: keep the stored watermark rather than claim a save that did not happen
  }
  return { committed, view: foldActivity(committed, tailEvents), eventsRead: committedEvents.length + tailEvents.length };
}

// ---------------------------------------------------------------------------------------------
// The service

export interface TeamProgress {
  rows: TeamProgressRow[];
  /** When these figures were computed: they include every event recorded before this time. */
  generatedAt: string;
}

/** The content's modules: the one place the team figures ask the content for the lessons. */
async function loadCurriculum(): Promise<readonly CurriculumModule[]> {
  const { getModules } = await import('../../content');
  return getModules();
}

const byName = (a: TeamProgressRow, b: TeamProgressRow) => a.name.localeCompare(b.name) || a.username.localeCompare(b.username);

/** One row per user (SPEC §3), with the figures of DECISIONS.md. Administrators only: the caller checks. */
export async function getTeamProgress(options: { curriculum?: readonly CurriculumModule[]; now?: Date } = {}): Promise<TeamProgress> {
  const now = options.now ?? new Date();
  const [allUsers, sourcesOf, curriculum] = await Promise.all([
    users.list(),
    listSourcesOfEveryone(),
    options.curriculum ?? loadCurriculum(),
  ]);
  const allLessonKeys = curriculumLessonKeys(curriculum);
  const rows = await mapLimit(allUsers, USER_CONCURRENCY, async (user) =>
    toTeamRow(user, (await refreshUserRollup(user.id, now, { sources: sourcesOf(user.id) })).view, allLessonKeys),
  );
  return { rows: rows.sort(byName), generatedAt: now.toISOString() };
}

/** Recomputes every user's rollup from the events alone (the rollups are caches: this is always safe). */
export async function rebuildRollups(now: Date = new Date()): Promise<{ users: number; events: number }> {
  const [allUsers, sourcesOf] = await Promise.all([users.list(), listSourcesOfEveryone()]);
  const results = await mapLimit(allUsers, USER_CONCURRENCY, (user) =>
    refreshUserRollup(user.id, now, { rebuild: true, sources: sourcesOf(user.id) }),
  );
  return { users: allUsers.length, events: results.reduce((sum, r) => sum + r.eventsRead, 0) };
}
