/**
 * The team rollup: every user's figures folded from the activity journal, kept in one cached document so
 * a dashboard load never re-reads the whole history. No content here (src/server/content): the scheduled
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
 * - The watermark trails the clock by SETTLE_MS: an event written late (a slow request, or a retry that
 *   completes a half-failed write with the first try's time, up to RETRY_WINDOW_MS later) is still newer
 *   than the watermark when it lands. Events inside the settle window are listed on every request and
 *   added to the answer without being committed, so the answer is always up to the second.
 * - A fact journaled twice (a retry after a half-failed write, ids derived from the fact) counts once:
 *   a refresh also lists the RETRY_WINDOW_MS before its watermark, whose entries mark facts as counted
 *   (team-rollup-fold.ts `mergeEntries`).
 * - Every saved rollup is self-consistent, so concurrent refreshes (two administrators) can only repeat
 *   work, never lose or double counts: the last writer wins with a correct document.
 * - `rebuildRollups` (npm run rollups:rebuild) recomputes the rollup from the whole journal plus the
 *   learning records themselves; a missing or unreadable rollup is rebuilt the same way.
 * - Progress is computed at read time from the folded lesson ids and the current content, so a content
 *   change never needs a rebuild.
 */
import { inBackground } from '~/server/background';
import { RETRY_WINDOW_MS } from '~/server/retries';
import { journal, type JournalEntry } from '~/server/journal/journal';
import { lessonCompletionsAsJournalEntries, quizResultsAsJournalEntries } from '~/server/learning/records';
import { reviewAnswersAsJournalEntries } from '~/server/review/records';
import { teamRollup } from '~/server/team/storage/team-rollup';
import { accountsByIds, accountVersions } from '~/server/accounts/people';
import { isAdmin } from '~/server/accounts/roles';
import { foldAnswerStats, pruneAnswerStats, type AnswerStats } from './team-knowledge';
import {
  answersOf,
  emptyTeamRollup,
  foldEntries,
  later,
  mergeEntries,
  splitAtWatermark,
  storedTeamRollupSchema,
  TEAM_ROLLUP_VERSION,
  teamRollupSchema,
  type MemberFigures,
  type TeamRollup,
} from './team-rollup-fold';

/** How long after a fact's first try a retry may still journal it (the writers' side: src/server/retries.ts). */
const LOOKBACK_MS = RETRY_WINDOW_MS;
/** How far the committed watermark trails the clock: a retry's late entry, and a slow request's, is still ahead of it. */
export const SETTLE_MS = RETRY_WINDOW_MS + 60_000;
/** The watermark moves on at least this often even without new events, so a refresh lists a few minutes. */
const WATERMARK_REFRESH_MS = 5 * 60_000;

/** The name cache brought up to date from the user listing: records read only when new or changed. */
async function refreshPeople(
  cached: TeamRollup['people'],
  versions: ReadonlyArray<{ id: string; etag: string }>,
): Promise<{ people: TeamRollup['people']; changed: boolean }> {
  const stale = versions.filter(({ id, etag }) => cached[id]?.etag !== etag || cached[id]?.createdAt === undefined);
  const staleUsers = await accountsByIds(stale.map(({ id }) => id));
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

/**
 * How far back a refresh lists the journal before it knows the stored rollup's watermark: the scheduled
 * refresh keeps that watermark within about 16 minutes of the clock, so the listing can go out with the
 * rollup read instead of after it; an older watermark (the schedule stopped) costs one more round trip.
 */
const EARLY_JOURNAL_MS = 20 * 60_000 + SETTLE_MS + LOOKBACK_MS;

/**
 * A refresh's first round trip: the stored rollup, the user listing and the journal of the last minutes
 * together; the journal since the rollup's watermark less the lookback, which is that listing unless the
 * watermark is older.
 */
async function readRollupBase(now: Date) {
  const early = new Date(now.getTime() - EARLY_JOURNAL_MS);
  const [stored, versions, recent] = await Promise.all([
    teamRollup.get(storedTeamRollupSchema),
    accountVersions(),
    journal.since(early, now),
  ]);
  const through = stored?.activityThrough ? new Date(stored.activityThrough) : null;
  const since = through === null ? null : new Date(through.getTime() - LOOKBACK_MS);
  const entries = async () => (since !== null && since >= early ? recent.filter((entry) => entry.at >= since) : journal.since(since, now));
  return { stored, versions, entries };
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
 * rebuilding). One round trip when the rollup is recent and nobody joined or changed: the rollup, the user listing and the
 * recent journal together (readRollupBase); changed user records take a second. With
 * `saveInBackground` (a dashboard load) the answer does not wait for the rollup to be saved.
 */
export async function refreshTeamRollup(
  now: Date,
  options: { rebuild?: boolean; saveInBackground?: boolean; save?: boolean } = {},
): Promise<RefreshResult> {
  const watermark = new Date(now.getTime() - SETTLE_MS);
  const {
    stored,
    versions,
    entries: journalSince,
  } = options.rebuild
    ? { stored: null, versions: await accountVersions(), entries: () => journal.since(null, now) }
    : await readRollupBase(now);
  const base = stored ?? emptyTeamRollup(now);
  const through = base.activityThrough === null ? null : new Date(base.activityThrough);
  const [entries, records, { people, changed: peopleChanged }] = await Promise.all([
    journalSince(),
    // From nothing, also read the learning records: they count even if their journal write failed.
    through === null ? learningRecordsAsEntries() : Promise.resolve([]),
    refreshPeople(base.people, versions),
  ]);
  // The journal is listed from the lookback before `through`: those entries only mark facts as counted.
  const { committed: toCommit, tail } = splitAtWatermark(mergeEntries([entries, records], through), watermark);

  const activityThrough = later(base.activityThrough, watermark.toISOString());
  const stale = through === null || Date.parse(activityThrough!) - through.getTime() >= WATERMARK_REFRESH_MS;
  let committed = base;
  if (stored === null || stale || peopleChanged || toCommit.length > 0) {
    const next: TeamRollup = {
      version: TEAM_ROLLUP_VERSION,
      generatedAt: now.toISOString(),
      activityThrough,
      members: foldEntries(base.members, toCommit),
      people,
      answerStats: pruneAnswerStats(foldAnswerStats(base.answerStats, answersOf(toCommit)), now),
    };
    committed = next;
    const save = () => teamRollup.save(teamRollupSchema, next);
    // `save: false`: a reader at another time than the clock's (the digest pass run with --now) must never
    // move the stored watermark past events still to come.
    if (options.save !== false) {
      if (options.saveInBackground) inBackground('team rollup save', save);
      else await save();
    }
  }
  return {
    committed,
    view: foldEntries(committed.members, tail),
    viewAnswerStats: foldAnswerStats(committed.answerStats, answersOf(tail)),
    entriesRead: entries.filter((entry) => through === null || entry.at >= through).length + records.length,
  };
}

/** Recomputes the rollup from the events alone (it is a cache: this is always safe). */
export async function rebuildRollups(now: Date = new Date()): Promise<{ users: number; events: number }> {
  const { committed, entriesRead } = await refreshTeamRollup(now, { rebuild: true });
  return { users: Object.keys(committed.people).length, events: entriesRead };
}

/** Every user's lesson completions, quiz results, challenge answers and answers to questions, read from the records themselves. */
export async function learningRecordsAsEntries(): Promise<JournalEntry[]> {
  const lists = await Promise.all([lessonCompletionsAsJournalEntries(), quizResultsAsJournalEntries(), reviewAnswersAsJournalEntries()]);
  return lists.flat();
}
