// The team figures checked against their events (`npm run rollups:verify`, docs/decisions.md "Figures
// that can be checked"): the stored rollup is compared with the same figures folded afresh from every
// event older than its watermark — the journal and the learning records, as a rebuild folds them — and
// every difference is named. Read only: nothing is saved.
import { journal } from '~/server/journal/journal';
import { teamRollup } from '~/server/team/storage/team-rollup';
import { foldAnswerStats, pruneAnswerStats } from './team-knowledge';
import { learningRecordsAsEntries } from './team-rollup';
import { answersOf, foldEntries, mergeEntries, splitAtWatermark, teamRollupSchema, type TeamRollup } from './team-rollup-fold';

/** One figure that differs: where, what the rollup holds, what the events say. */
interface RollupDifference {
  path: string;
  stored: unknown;
  rebuilt: unknown;
}

export interface RollupVerification {
  /** The stored rollup's watermark; null when there is no rollup to check. */
  activityThrough: string | null;
  /** Events folded afresh (those older than the watermark). */
  events: number;
  members: number;
  differences: RollupDifference[];
  /**
   * The same against the journal alone (what the refresh folds): none here while `differences` has some
   * means records whose journal entry is missing (a journal write failed after its record; a rebuild
   * repairs it), not a fold that lost or doubled an event.
   */
  journalDifferences: number;
}

/** Lists whose order only says when something first happened: compared as sets. */
const SETS = new Set(['quizIds', 'lessonKeys', 'challengeWindowIds']);

/** Every path where two JSON values differ (objects by key, lists as a whole). */
function differences(stored: unknown, rebuilt: unknown, path: string, found: RollupDifference[]): void {
  const key = path.slice(path.lastIndexOf('.') + 1);
  if (SETS.has(key) && Array.isArray(stored) && Array.isArray(rebuilt)) {
    [stored, rebuilt] = [[...stored].sort(), [...rebuilt].sort()];
  }
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (isObject(stored) && isObject(rebuilt)) {
    for (const name of [...new Set([...Object.keys(stored), ...Object.keys(rebuilt)])].sort()) {
      differences(stored[name], rebuilt[name], path ? `${path}.${name}` : name, found);
    }
    return;
  }
  if (JSON.stringify(stored) !== JSON.stringify(rebuilt)) found.push({ path, stored: stored ?? null, rebuilt: rebuilt ?? null });
}

/** The figures of a rollup folded afresh from every event older than its watermark. */
function refold(rollup: TeamRollup, entries: Parameters<typeof foldEntries>[1]): Pick<TeamRollup, 'members' | 'answerStats'> {
  const watermark = rollup.activityThrough === null ? new Date(0) : new Date(rollup.activityThrough);
  const { committed } = splitAtWatermark(entries, watermark);
  return {
    members: foldEntries({}, committed),
    answerStats: pruneAnswerStats(foldAnswerStats({}, answersOf(committed)), new Date(rollup.generatedAt)),
  };
}

/** Compares the stored rollup with its events (see the module comment). */
export async function verifyTeamRollup(now: Date = new Date()): Promise<RollupVerification> {
  const [stored, journaled, records] = await Promise.all([
    teamRollup.get(teamRollupSchema),
    journal.since(null, now),
    learningRecordsAsEntries(),
  ]);
  if (!stored) return { activityThrough: null, events: 0, members: 0, differences: [], journalDifferences: 0 };
  const entries = mergeEntries([journaled, records]);
  const rebuilt = refold(stored, entries);
  const found: RollupDifference[] = [];
  const figures = { members: stored.members, answerStats: stored.answerStats };
  differences(figures, rebuilt, '', found);
  const fromJournal: RollupDifference[] = [];
  differences(figures, refold(stored, mergeEntries([journaled])), '', fromJournal);
  const watermark = stored.activityThrough === null ? 0 : Date.parse(stored.activityThrough);
  return {
    activityThrough: stored.activityThrough,
    events: entries.filter((entry) => entry.at.getTime() < watermark).length,
    members: Object.keys(rebuilt.members).length,
    differences: found,
    journalDifferences: fromJournal.length,
  };
}
