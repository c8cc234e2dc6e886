/**
 * The checks at the end of `npm run bench:soak`, on the run's data with the store working again: the
 * stored rollup against a rebuild from the events (as the scheduled refresh left it, and after a last
 * refresh that folds every event), and every acknowledged fact against the figures: nothing acknowledged
 * missing, nothing counted twice. An action given up after every try failed may have left its fact once.
 */
import { quizResults } from '~/server/learning/storage/quiz-results';
import { refreshTeamRollup, SETTLE_MS } from '~/server/team/team-rollup';
import { verifyTeamRollup } from '~/server/team/team-rollup-verify';
import type { Ledger } from './person';

/** Figures of the stored rollup that differ from a rebuild (journal and records), and from the journal alone. */
interface RollupCheck {
  differences: number;
  journal: number;
}

export interface CheckResult {
  /** Null when the refreshes left no rollup. */
  rollupAsLeft: RollupCheck | null;
  rollupAtEnd: RollupCheck;
  /** Acknowledged facts the figures do not show, by kind. */
  missing: Record<string, number>;
  /** Facts counted more often than acknowledged (beyond what given-up actions may have left), by kind. */
  twice: Record<string, number>;
  /** Sign-ins journaled for an attempt whose answer failed (a sign-in is not a write a person repeats). */
  extraSignIns: number;
  examples: string[];
}

const add = (record: Record<string, number>, kind: string, count: number) => {
  if (count > 0) record[kind] = (record[kind] ?? 0) + count;
};

export async function checkFigures(ledgers: readonly Ledger[]): Promise<CheckResult> {
  const asLeft = await verifyTeamRollup();
  // Every event is older than this watermark: the last refresh folds them all.
  const { committed } = await refreshTeamRollup(new Date(Date.now() + SETTLE_MS + 1_000));
  const atEnd = await verifyTeamRollup();
  const result: CheckResult = {
    rollupAsLeft: asLeft.activityThrough === null ? null : { differences: asLeft.differences.length, journal: asLeft.journalDifferences },
    rollupAtEnd: { differences: atEnd.differences.length, journal: atEnd.journalDifferences },
    missing: {},
    twice: {},
    extraSignIns: 0,
    examples: [...asLeft.differences, ...atEnd.differences]
      .slice(0, 5)
      .map((d) => `rollup ${d.path}: ${JSON.stringify(d.stored)} vs ${JSON.stringify(d.rebuilt)}`),
  };
  const note = (text: string) => result.examples.length < 12 && result.examples.push(text);
  let answersAcknowledged = 0;
  let answersAbandoned = 0;
  const acknowledgedByQuestion = new Map<string, number>();
  for (const ledger of ledgers) {
    const figures = committed.members[ledger.userId];
    const lost = (kind: string, count: number) => (
      add(result.missing, kind, count),
      count > 0 && note(`${ledger.userId} ${kind}: ${count} missing`)
    );
    const doubled = (kind: string, count: number) => (
      add(result.twice, kind, count),
      count > 0 && note(`${ledger.userId} ${kind}: ${count} twice`)
    );
    const visits = figures?.pagesVisited ?? 0;
    lost('visits', ledger.visits - visits);
    doubled('visits', visits - ledger.visits - ledger.abandoned.visits);
    const signIns = figures?.loginCount ?? 0;
    lost('sign-ins', ledger.signIns - signIns);
    result.extraSignIns += Math.max(0, signIns - ledger.signIns);
    lost('lessons', [...ledger.lessons].filter((lesson) => !figures?.lessonKeys.includes(lesson)).length);
    lost('quizzes', [...ledger.quizzes].filter((quiz) => !figures?.quizIds.includes(quiz)).length);
    lost('challenge windows', ledger.challengeWindows - (figures?.challengeWindowIds.length ?? 0));
    const stored = await quizResults.list(ledger.userId);
    const ids = new Set(stored.map((stored) => stored.id));
    lost('quiz results', [...ledger.quizResultIds].filter((id) => !ids.has(id)).length);
    doubled('quiz results', stored.length - ledger.quizResultIds.size - ledger.abandoned.quizzes);
    for (const [question, count] of ledger.answers)
      acknowledgedByQuestion.set(question, (acknowledgedByQuestion.get(question) ?? 0) + count);
    answersAcknowledged += [...ledger.answers.values()].reduce((sum, count) => sum + count, 0);
    answersAbandoned += ledger.abandoned.answers;
  }
  const counted = (question: string) => Object.values(committed.answerStats[question] ?? {}).reduce((sum, [count]) => sum + count, 0);
  for (const [question, count] of acknowledgedByQuestion) {
    const shown = counted(question);
    if (shown >= count) continue;
    add(result.missing, 'answers', count - shown);
    note(`answers to ${question}: ${count - shown} missing`);
  }
  const answersShown = Object.keys(committed.answerStats).reduce((sum, question) => sum + counted(question), 0);
  add(result.twice, 'answers', answersShown - answersAcknowledged - answersAbandoned);
  return result;
}
