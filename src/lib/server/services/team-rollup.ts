/**
 * The team rollup: every user's figures folded from the activity journal, kept in one cached document so
 * a dashboard load never re-reads the whole history. No content here (src/lib/content): the scheduled
 * refresh (netlify/functions/refresh-team-rollup.mts) runs it outside Astro; ./team-progress makes rows.
 *
 * How the rollup works (docs/decisions.md "Data layout": aggregates are caches rebuilt from the events):
 * - Every event that counts (visit, sign-in, lesson completion, quiz result, challenge answer) has a key
 *   in the activity journal, grouped by minute for all users, and the key says what it counts for
 *   (storage/activity.ts). So a refresh is one listing of the minutes (hours, days) since the last one; no body
 *   is read.
 * - The rollup (one document) holds each user's figures folded so far and a watermark `activityThrough`:
 *   every event older than it is counted, none newer. It also caches each user's name and username
 *   with the etag of the user record, so users are listed, not read, unless a record changed.
 * - The watermark trails the clock by SETTLE_MS: an event written late (a slow request) is still newer
 *   than the watermark when it lands. Events inside the settle window are listed on every request and
 *   added to the answer without being committed, so the answer is always up to the second.
 * - Every saved rollup is self-consistent, so concurrent refreshes (two administrators) can only repeat
 *   work, never lose or double counts: the last writer wins with a correct document.
 * - `rebuildRollups` (npm run rollups:rebuild) recomputes the rollup from the whole journal plus the
 *   learning records themselves; a missing or unreadable rollup is rebuilt the same way.
 * - Progress is computed at read time from the folded lesson ids and the current content, so a content
 *   change never needs a rebuild.
 */
import { z } from 'zod';
import { inBackground } from '~/lib/server/request-trace';
import { activity, type JournalEntry } from '~/lib/server/storage/activity';
import { challengeAnswers } from '~/lib/server/storage/challenge-answers';
import { progress } from '~/lib/server/storage/progress';
import { quizResults } from '~/lib/server/storage/quiz-results';
import { reviewAnswers } from '~/lib/server/storage/review-answers';
import { teamRollup } from '~/lib/server/storage/team-rollup';
import { users } from '~/lib/server/storage/users';
import { isAdmin } from './accounts';
import {
  answerStatsSchema,
  foldAnswerStats,
  foldMemberCards,
  pruneAnswerStats,
  rollupCardSchema,
  type AnswerStats,
  type FoldedAnswer,
} from './team-knowledge';

/** How far the committed watermark trails the clock. */
export const SETTLE_MS = 60_000;
/** The watermark moves on at least this often even without new events, so a refresh lists a few minutes. */
const WATERMARK_REFRESH_MS = 5 * 60_000;

// ---------------------------------------------------------------------------------------------
// The rollup and its pure folding logic

const count = z.number().int().nonnegative();

/** One user's figures as folded so far. */
const memberFiguresSchema = z.strictObject({
  pagesVisited: count,
  tabChanges: count,
  exits: count,
  loginCount: count,
  /** Distinct quiz ids with at least one result. */
  quizIds: z.array(z.string()),
  /** Best score (percent) per quiz whose journal entry carries its score (older entries carry none). */
  quizBest: z.record(z.string(), z.number().int().min(0).max(100)).default({}),
  challengeWindowIds: z.array(z.string()),
  /** Completed lessons as "moduleId/lessonId". */
  lessonKeys: z.array(z.string()),
  /** Latest time of any folded event. */
  lastActive: z.iso.datetime().nullable(),
  /** Review cards by question key, folded from the answer facts (./team-knowledge). */
  cards: z.record(z.string(), rollupCardSchema),
});
export type MemberFigures = z.infer<typeof memberFiguresSchema>;

export const teamRollupSchema = z.strictObject({
  version: z.literal(3),
  /** When this rollup was last saved. */
  generatedAt: z.iso.datetime(),
  /** Every journal event strictly older than this time is folded; none newer. Null: none folded. */
  activityThrough: z.iso.datetime().nullable(),
  members: z.record(z.string(), memberFiguresSchema),
  /**
   * Name cache: a user record is read again only when its etag changes (or the entry lacks `createdAt`,
   * which rollups saved before it did not keep). `admin`: administrators are listed apart from the team.
   */
  people: z.record(
    z.string(),
    z.strictObject({
      etag: z.string(),
      username: z.string(),
      name: z.string(),
      createdAt: z.iso.datetime().optional(),
      admin: z.boolean().optional(),
    }),
  ),
  /** The team's answers and misses per question and day, the last 30 days (./team-knowledge). */
  answerStats: answerStatsSchema,
});
type TeamRollup = z.infer<typeof teamRollupSchema>;

export function emptyFigures(): MemberFigures {
  return {
    pagesVisited: 0,
    tabChanges: 0,
    exits: 0,
    loginCount: 0,
    quizIds: [],
    quizBest: {},
    challengeWindowIds: [],
    lessonKeys: [],
    lastActive: null,
    cards: {},
  };
}

function emptyTeamRollup(now: Date): TeamRollup {
  return { version: 3, generatedAt: now.toISOString(), activityThrough: null, members: {}, people: {}, answerStats: {} };
}

/** The later of two ISO times (null is "never"). */
function later(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

export const lessonKey = (moduleId: number | string, lessonId: number | string) => `${moduleId}/${lessonId}`;

interface WorkingMember {
  figures: MemberFigures;
  quizIds: Set<string>;
  quizBest: Record<string, number>;
  windows: Set<string>;
  lessons: Set<string>;
  answers: FoldedAnswer[];
  lastActive: number;
}

function workingMember(figures: MemberFigures): WorkingMember {
  return {
    figures: { ...figures },
    quizIds: new Set(figures.quizIds),
    quizBest: { ...figures.quizBest },
    windows: new Set(figures.challengeWindowIds),
    lessons: new Set(figures.lessonKeys),
    answers: [],
    lastActive: figures.lastActive === null ? -Infinity : Date.parse(figures.lastActive),
  };
}

/**
 * Folds journal entries (oldest first) into the members' figures: counts add up (the caller passes each
 * visit and sign-in once), quizzes, challenge windows and lessons are sets (a repeat changes nothing),
 * answers move the member's review cards.
 */
export function foldEntries(
  members: Readonly<Record<string, MemberFigures>>,
  entries: readonly JournalEntry[],
): Record<string, MemberFigures> {
  const working = new Map<string, WorkingMember>();
  for (const entry of entries) {
    let member = working.get(entry.userId);
    if (!member) {
      member = workingMember(members[entry.userId] ?? emptyFigures());
      working.set(entry.userId, member);
    }
    const { fact } = entry;
    switch (fact.kind) {
      case 'entry':
        member.figures.pagesVisited += 1;
        break;
      case 'tab':
        member.figures.tabChanges += 1;
        break;
      case 'exit':
        member.figures.exits += 1;
        break;
      case 'login':
        member.figures.loginCount += 1;
        break;
      case 'quiz':
        member.quizIds.add(fact.quizId);
        if (fact.score !== undefined) member.quizBest[fact.quizId] = Math.max(member.quizBest[fact.quizId] ?? 0, fact.score);
        break;
      case 'challenge':
        member.windows.add(fact.windowId);
        break;
      case 'lesson':
        member.lessons.add(lessonKey(fact.moduleId, fact.lessonId));
        break;
      case 'answer':
        member.answers.push({ questionKey: fact.questionKey, correct: fact.correct, at: entry.at });
        break;
    }
    member.lastActive = Math.max(member.lastActive, entry.at.getTime());
  }
  const next = { ...members };
  for (const [userId, member] of working) {
    next[userId] = {
      ...member.figures,
      quizIds: [...member.quizIds].sort(),
      quizBest: member.quizBest,
      challengeWindowIds: [...member.windows].sort(),
      lessonKeys: [...member.lessons].sort(),
      lastActive: Number.isFinite(member.lastActive) ? new Date(member.lastActive).toISOString() : null,
      cards: foldMemberCards(member.figures.cards, member.answers),
    };
  }
  return next;
}

/** The answers among journal entries, for the team's answer counts. */
const answersOf = (entries: readonly JournalEntry[]): FoldedAnswer[] =>
  entries.flatMap((entry) =>
    entry.fact.kind === 'answer' ? [{ questionKey: entry.fact.questionKey, correct: entry.fact.correct, at: entry.at }] : [],
  );

/**
 * Journal entries and the records read besides them on a rebuild, oldest first, each answer once (an
 * answer's journal entry and its review-answers key share the id).
 */
function mergeEntries(lists: ReadonlyArray<readonly JournalEntry[]>): JournalEntry[] {
  const seen = new Set<string>();
  const merged: JournalEntry[] = [];
  for (const entry of lists.flat()) {
    if (entry.fact.kind === 'answer') {
      const id = `${entry.userId}|${entry.id}`;
      if (seen.has(id)) continue;
      seen.add(id);
    }
    merged.push(entry);
  }
  return merged.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Splits entries at the watermark: older ones are committed to the rollup, newer ones only shown. */
export function splitAtWatermark<T extends { at: Date }>(entries: readonly T[], watermark: Date): { committed: T[]; tail: T[] } {
  const committed: T[] = [];
  const tail: T[] = [];
  for (const entry of entries) (entry.at.getTime() < watermark.getTime() ? committed : tail).push(entry);
  return { committed, tail };
}

// ---------------------------------------------------------------------------------------------
// Refreshing the rollup

/** The name cache brought up to date from the user listing: records read only when new or changed. */
async function refreshPeople(
  cached: TeamRollup['people'],
  versions: ReadonlyArray<{ id: string; etag: string }>,
): Promise<{ people: TeamRollup['people']; changed: boolean }> {
  const stale = versions.filter(({ id, etag }) => cached[id]?.etag !== etag || cached[id]?.createdAt === undefined);
  const staleUsers = await users.byIds(stale.map(({ id }) => id));
  const records = stale.map(({ id, etag }, index) => ({ id, etag, user: staleUsers[index] ?? null }));
  const people: TeamRollup['people'] = {};
  for (const { id } of versions) if (cached[id]) people[id] = cached[id];
  for (const { id, etag, user } of records) {
    if (user) people[id] = { etag, username: user.username, name: user.name, createdAt: user.createdAt, admin: isAdmin(user) };
    else delete people[id]; // deleted between the listing and the read
  }
  const changed = records.length > 0 || Object.keys(cached).length !== versions.length;
  return { people, changed };
}

export interface RefreshResult {
  /** What is saved: events older than the watermark. */
  committed: TeamRollup;
  /** Every user's figures including the events of the settle window. */
  view: Record<string, MemberFigures>;
  /** The team's answer counts including the settle window. */
  viewAnswerStats: AnswerStats;
  /** Journal entries and records folded or shown by this refresh. */
  entriesRead: number;
}

/**
 * Brings the team rollup up to date, listing only events it has not folded yet (all of them when
 * rebuilding). Two round trips when the rollup exists: the rollup and the user listing together, then
 * the journal listings and the changed user records together. With `saveInBackground` (a dashboard
 * load) the answer does not wait for the rollup to be saved.
 */
export async function refreshTeamRollup(
  now: Date,
  options: { rebuild?: boolean; saveInBackground?: boolean } = {},
): Promise<RefreshResult> {
  const watermark = new Date(now.getTime() - SETTLE_MS);
  const [stored, versions] = await Promise.all([options.rebuild ? null : teamRollup.get(teamRollupSchema), users.versions()]);
  const base = stored ?? emptyTeamRollup(now);
  const since = base.activityThrough === null ? null : new Date(base.activityThrough);
  const [journal, records, { people, changed: peopleChanged }] = await Promise.all([
    activity.since(since, now),
    // From nothing, also read the learning records: they count even if their journal write failed.
    since === null ? learningRecordsAsEntries() : Promise.resolve([]),
    refreshPeople(base.people, versions),
  ]);
  const { committed: toCommit, tail } = splitAtWatermark(mergeEntries([journal, records]), watermark);

  const activityThrough = later(base.activityThrough, watermark.toISOString());
  const stale = since === null || Date.parse(activityThrough!) - since.getTime() >= WATERMARK_REFRESH_MS;
  let committed = base;
  if (stored === null || stale || peopleChanged || toCommit.length > 0) {
    const next: TeamRollup = {
      version: 3,
      generatedAt: now.toISOString(),
      activityThrough,
      members: foldEntries(base.members, toCommit),
      people,
      answerStats: pruneAnswerStats(foldAnswerStats(base.answerStats, answersOf(toCommit)), now),
    };
    committed = next;
    const save = () => teamRollup.save(teamRollupSchema, next);
    if (options.saveInBackground) inBackground('team rollup save', save);
    else await save();
  }
  return {
    committed,
    view: foldEntries(committed.members, tail),
    viewAnswerStats: foldAnswerStats(committed.answerStats, answersOf(tail)),
    entriesRead: journal.length + records.length,
  };
}

/** Recomputes the rollup from the events alone (it is a cache: this is always safe). */
export async function rebuildRollups(now: Date = new Date()): Promise<{ users: number; events: number }> {
  const { committed, entriesRead } = await refreshTeamRollup(now, { rebuild: true });
  return { users: Object.keys(committed.people).length, events: entriesRead };
}

/** Every user's lesson completions, quiz results, challenge answers and answers to questions, read from the records themselves. */
async function learningRecordsAsEntries(): Promise<JournalEntry[]> {
  const lists = await Promise.all([
    progress.allAsJournalEntries(),
    quizResults.allAsJournalEntries(),
    challengeAnswers.allAsJournalEntries(),
    reviewAnswers.allAsJournalEntries(),
  ]);
  return lists.flat();
}
