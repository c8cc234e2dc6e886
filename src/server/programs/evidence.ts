/**
 * What a plan counts, read for one person from their own records (their pages and /api/plan), or taken
 * from the team rollup's figures (Team Progress): the same `PlanEvidence` either way (./plan.ts).
 */
import { dayOf, startOfDay } from '~/shared/review/days';
import { PROGRAM_QUIZ_PASS } from '~/shared/vocabulary';
import { lessonCompletionKeys, lessonCompletionTimes, placementKeysOf, quizResultsOf, testedOutLessons } from '~/server/learning/records';
import { masteryByModule } from '~/server/review/mastery';
import { getQuestionBank, type QuestionBank } from '~/server/review/question-bank';
import { loadReviewState, type ReviewState } from '~/server/review/review-state';
import { resetChangedCards, type Card } from '~/shared/review/memory';
import { readCards } from '~/server/review/cards';
import { pageReads } from '~/server/journal/page-reads';
import { practicePassesOf } from '~/server/practice/passes';
import type { MemberFigures } from '~/server/team/team-rollup-fold';
import { certificates } from './storage/certificates';
import { signoffs } from './storage/signoffs';
import type { Program } from '~/server/content/programs';
import type { PlanEvidence, SignoffEvidence } from './plan';

type Bank = Pick<QuestionBank, 'byModule'>;

/**
 * Mastery now of the modules asked for (all when left out), with the day of the latest answer among each
 * module's questions.
 */
function masteryEvidence(
  bank: Bank,
  cards: Readonly<Record<string, Card>>,
  now: Date,
  moduleIds?: readonly number[],
): PlanEvidence['mastery'] {
  const today = dayOf(now);
  const modules = moduleIds === undefined ? bank : { byModule: new Map(moduleIds.map((id) => [id, bank.byModule.get(id) ?? []])) };
  const mastery = masteryByModule(modules, cards, today, null);
  return new Map(
    [...mastery].map(([moduleId, { percent }]) => {
      const days = (bank.byModule.get(moduleId) ?? []).flatMap((key) => (cards[key] && cards[key].reps > 0 ? [cards[key].last] : []));
      return [moduleId, { percent, latestAnswer: days.length > 0 ? startOfDay(Math.max(...days)) : null }];
    }),
  );
}

/** The first half of reading a person's evidence: every listing, and the reads that take one round trip. */
/** `review`: the person's review state when the page reads it for something else too (one read, not two). */
export async function listEvidence(userId: string, now: Date, review: Promise<ReviewState> = loadReviewState(userId, now)) {
  const [lessonKeys, readKeys, signoffKeys, certificateKeys, results, state, bank, practice, placementKeys] = await Promise.all([
    lessonCompletionKeys(userId),
    pageReads.keys(userId),
    signoffs.keys(userId),
    certificates.keys(userId),
    quizResultsOf(userId),
    review,
    getQuestionBank(),
    practicePassesOf(userId),
    placementKeysOf(userId),
  ]);
  return { userId, lessonKeys, readKeys, signoffKeys, certificateKeys, results, review: state, bank, now, practice, placementKeys };
}
export type ListedEvidence = Awaited<ReturnType<typeof listEvidence>>;

/**
 * The second half: every body the plan needs, at once, once every listing is in (so the two halves are
 * two round trips, the second never waiting on a straggler of the first).
 */
export async function readEvidence(listed: ListedEvidence): Promise<PlanEvidence> {
  const { results, review, bank, now } = listed;
  const [lessons, reads, signed, issued, testedOut] = await Promise.all([
    lessonCompletionTimes(listed.lessonKeys),
    pageReads.times(listed.readKeys),
    signoffs.read(listed.signoffKeys),
    certificates.read(listed.certificateKeys),
    testedOutLessons(listed.userId, listed.placementKeys),
  ]);
  const quizPasses = new Map<number, Date>();
  for (const result of results) {
    const at = new Date(result.completedAt);
    const quizId = Number(result.quizId);
    const first = quizPasses.get(quizId);
    if (result.score >= PROGRAM_QUIZ_PASS && (!first || at < first)) quizPasses.set(quizId, at);
  }
  return {
    lessons,
    quizPasses,
    reads,
    signoffs: new Map(
      signed.map((signoff): [string, SignoffEvidence] => [
        `${signoff.programId}/${signoff.itemId}`,
        { at: new Date(signoff.at), byName: signoff.by.name, note: signoff.note },
      ]),
    ),
    mastery: masteryEvidence(bank, review.cards, now),
    certificates: new Map(
      issued.map((certificate) => [`${certificate.programId}/${certificate.startDate}`, new Date(certificate.issuedAt)]),
    ),
    practicePasses: new Map([...listed.practice].map(([scenarioId, times]) => [scenarioId, times[0]!])),
    testedOut,
  };
}

/** The modules a program asks mastery of: all a member's evidence needs of their cards. */
export const masteryModulesOf = (program: Program): number[] =>
  program.items.flatMap((item) => (item.kind === 'mastery' ? [item.moduleId] : []));

/**
 * A team member's evidence from the rollup's figures (sign-offs there carry no name or note); mastery only
 * of `masteryModules`, the modules their program asks mastery of, and only their cards are read.
 */
export function evidenceFromFigures(
  figures: MemberFigures,
  bank: Bank & Pick<QuestionBank, 'materialRevisions'>,
  now: Date,
  masteryModules: readonly number[],
): PlanEvidence {
  const byKind = new Map<string, Array<[string, Date]>>();
  for (const [key, at] of Object.entries(figures.planEvidence)) {
    const colon = key.indexOf(':');
    const kind = key.slice(0, colon);
    byKind.set(kind, [...(byKind.get(kind) ?? []), [key.slice(colon + 1), new Date(at)]]);
  }
  const of = (kind: string) => byKind.get(kind) ?? [];
  const keys = masteryModules.flatMap((moduleId) => bank.byModule.get(moduleId) ?? []);
  const stored = Object.fromEntries(keys.flatMap((key) => (figures.cards[key] ? [[key, figures.cards[key]] as const] : [])));
  return {
    lessons: new Map(of('lesson')),
    quizPasses: new Map(of('quiz').map(([quizId, at]) => [Number(quizId), at])),
    reads: new Map(of('read')),
    signoffs: new Map(of('signoff').map(([key, at]) => [key, { at, byName: '', note: null }])),
    mastery: masteryEvidence(bank, resetChangedCards(readCards(stored), bank.materialRevisions), now, masteryModules),
    certificates: new Map(of('certificate')),
    practicePasses: new Map(of('practice')),
    testedOut: new Set(of('tested').map(([key]) => key)),
  };
}
