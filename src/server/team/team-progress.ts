/**
 * Team progress (docs/product.md "Team Progress (/team-progress)"; docs/decisions.md "Team progress"): one row per user with the figures
 * defined once, from the team rollup (./team-rollup) and the content's lessons.
 */
import { daysInProgram, modulesExpected, type TeamMemberRow, type TeamProgressRow } from '~/shared/team/figures';
import { parseCompletedLesson } from '~/shared/learning/revisions';
import { dayOf } from '~/shared/review/days';
import { resetChangedCards } from '~/shared/review/memory';
import { masteryPercent } from '~/shared/review/schedule';
import type { StoredUser } from '~/server/accounts/user-record';
import type { QuestionBank } from '../review/question-bank';
import { readCards } from '~/server/review/cards';
import { teamKnowledge, type TeamKnowledge } from './team-knowledge';
import { refreshTeamRollup } from './team-rollup';
import { emptyFigures, lessonKey, type MemberFigures } from './team-rollup-fold';
import type { Program } from '~/server/content/programs';
import { NO_PLAN, planFigures, type PlanFigures } from '../programs/team-plans';

/** The part of a module the progress figure needs (as src/server/content/learning.ts getModules() returns it). */
export interface CurriculumModule {
  id: number | string;
  lessons: ReadonlyArray<{ id: number | string; materialRevision?: number | undefined }>;
}

/** Every lesson of the content ("moduleId/lessonId") with the revision from which its completions count. */
export function curriculumLessonKeys(modules: readonly CurriculumModule[]): Map<string, number> {
  return new Map(
    modules.flatMap((module) => module.lessons.map((lesson) => [lessonKey(module.id, lesson.id), lesson.materialRevision ?? 1])),
  );
}

/**
 * The completed lessons that count ("moduleId/lessonId"): still in the content, and completed on or after
 * the lesson's latest material change (a folded key may carry its revision, "1/101.r2").
 */
function countedLessons(completedLessonKeys: readonly string[], allLessonKeys: ReadonlyMap<string, number>): Set<string> {
  const counted = new Set<string>();
  for (const completed of completedLessonKeys) {
    const [moduleId, code] = completed.split('/');
    const lesson = parseCompletedLesson(code ?? '');
    const key = lesson && lessonKey(moduleId ?? '', lesson.lessonId);
    if (lesson && key && lesson.revision >= (allLessonKeys.get(key) ?? Infinity)) counted.add(key);
  }
  return counted;
}

/** Completed lessons over all lessons of all modules, rounded percent; completions of lessons no longer in the content, or made before a material change, do not count. */
export function progressPercent(completedLessonKeys: readonly string[], allLessonKeys: ReadonlyMap<string, number>): number {
  if (allLessonKeys.size === 0) return 0;
  return Math.round((100 * countedLessons(completedLessonKeys, allLessonKeys).size) / allLessonKeys.size);
}

/** The question bank as the team figures need it: its questions and their material revisions. */
interface BankKeys {
  questionKeys: readonly string[];
  materialRevisions: ReadonlyMap<string, number>;
}

/** Mastery over the whole question bank from a member's rollup cards, rounded percent. */
function memberMastery(cards: MemberFigures['cards'], bank: BankKeys, now: Date): number {
  return masteryPercent(bank.questionKeys, resetChangedCards(readCards(cards), bank.materialRevisions), dayOf(now), null);
}

export function toTeamRow(
  user: Pick<StoredUser, 'id' | 'username' | 'name'>,
  figures: MemberFigures,
  allLessonKeys: ReadonlyMap<string, number>,
  bank: BankKeys = { questionKeys: [], materialRevisions: new Map() },
  now: Date = new Date(),
  plan: PlanFigures = NO_PLAN,
): TeamProgressRow {
  const { program, planDay, planDone, planRequired, overdueItems, planStatus } = plan;
  return {
    program,
    planDay,
    planDone,
    planRequired,
    overdueItems,
    planStatus,
    id: user.id,
    username: user.username,
    name: user.name,
    progress: progressPercent(figures.lessonKeys, allLessonKeys),
    mastery: memberMastery(figures.cards, bank, now),
    pagesVisited: figures.pagesVisited,
    quizzesCompleted: figures.quizIds.length,
    dailyChallenges: figures.challengeWindowIds.length,
    loginCount: figures.loginCount,
    lastActive: figures.lastActive ?? 'null',
  };
}

/** Modules with every lesson among the completed lesson keys. */
function modulesDone(curriculum: readonly CurriculumModule[], lessonKeys: readonly string[]): number {
  const done = countedLessons(lessonKeys, curriculumLessonKeys(curriculum));
  return curriculum.filter(
    (module) => module.lessons.length > 0 && module.lessons.every((lesson) => done.has(lessonKey(module.id, lesson.id))),
  ).length;
}

/** The spec's row plus what the page shows besides it: joined, days, pace, average quiz score, admin. */
function toMemberRow(
  row: TeamProgressRow,
  person: { createdAt?: string | undefined; admin?: boolean | undefined },
  figures: MemberFigures,
  curriculum: readonly CurriculumModule[],
  now: Date,
  plan: Pick<PlanFigures, 'dueSoon' | 'certificate' | 'planTestedOut'>,
): TeamMemberRow {
  const joinedAt = person.createdAt ?? null;
  const days = daysInProgram(joinedAt, now);
  const modulesCompleted = modulesDone(curriculum, figures.lessonKeys);
  const expected = modulesExpected(days, curriculum.length);
  const scores = Object.values(figures.quizBest);
  return {
    ...row,
    joinedAt,
    daysInProgram: days,
    modulesCompleted,
    modulesExpected: expected,
    onTrack: modulesCompleted >= expected,
    averageQuizScore: scores.length > 0 ? Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length) : null,
    admin: person.admin === true,
    dueSoon: plan.dueSoon,
    planTestedOut: plan.planTestedOut,
    practiceWaiting: figures.practiceWaiting,
    practicePassed: figures.practicePassed.length,
    certificate: plan.certificate,
    startDate: row.program ? (figures.assignment?.startDate ?? null) : null,
  };
}

/** The row of GET /api/team-progress (docs/product.md "GET /api/team-progress"), without what only the page shows. */
export function specRow(row: TeamMemberRow): TeamProgressRow {
  const { id, username, name, progress, mastery, pagesVisited, quizzesCompleted, dailyChallenges, loginCount, lastActive } = row;
  const { program, planDay, planDone, planRequired, overdueItems, planStatus } = row;
  return {
    ...{ id, username, name, progress, mastery, pagesVisited, quizzesCompleted, dailyChallenges, loginCount, lastActive },
    ...{ program, planDay, planDone, planRequired, overdueItems, planStatus },
  };
}

// ---------------------------------------------------------------------------------------------
// The service

export interface TeamProgress {
  /** Every user, administrators included (the page lists them apart; the API answers them all). */
  rows: TeamMemberRow[];
  /** The Knowledge section: topics' mastery and the most-missed questions. */
  knowledge: TeamKnowledge;
  /** When these figures were computed: they include every event recorded before this time. */
  generatedAt: string;
}

/** The content's modules: the one place the team figures ask the content for the lessons. */
async function loadCurriculum(): Promise<readonly CurriculumModule[]> {
  const { getModules } = await import('~/server/content/learning');
  return getModules();
}

type TeamBank = Pick<QuestionBank, 'byTopic' | 'byKey' | 'byModule' | 'materialRevisions'>;

/** The onboarding programs by id, loaded like the curriculum. */
async function loadPrograms(): Promise<ReadonlyMap<string, Program>> {
  const { getPrograms } = await import('~/server/content/programs');
  return new Map((await getPrograms()).map((program) => [program.id, program]));
}

/** The content's question bank (topics, questions, lessons), loaded like the curriculum. */
async function loadBank(): Promise<TeamBank> {
  const { getQuestionBank } = await import('../review/question-bank');
  return getQuestionBank();
}

const byName = (a: TeamMemberRow, b: TeamMemberRow) => a.name.localeCompare(b.name) || a.username.localeCompare(b.username);

/** One row per user, with the figures of docs/product.md "Team Progress (/team-progress)". Administrators only: the caller checks. */
export async function getTeamProgress(
  options: { curriculum?: readonly CurriculumModule[]; bank?: TeamBank; programs?: ReadonlyMap<string, Program>; now?: Date } = {},
): Promise<TeamProgress> {
  const now = options.now ?? new Date();
  // The dashboard needs the figures, not the saved cache: the rollup is saved after the answer.
  const [{ committed, view, viewAnswerStats }, curriculum, bank, programs] = await Promise.all([
    refreshTeamRollup(now, { saveInBackground: true }),
    options.curriculum ?? loadCurriculum(),
    options.bank ?? loadBank(),
    options.programs ?? loadPrograms(),
  ]);
  const allLessonKeys = curriculumLessonKeys(curriculum);
  const keys = { questionKeys: [...bank.byKey.keys()], materialRevisions: bank.materialRevisions };
  const members = Object.keys(committed.people).map((id) => view[id] ?? emptyFigures());
  const rows = Object.entries(committed.people).map(([id, person], index) => {
    const figures = members[index]!;
    const plan = planFigures(figures, programs, bank, now);
    return toMemberRow(toTeamRow({ id, ...person }, figures, allLessonKeys, keys, now, plan), person, figures, curriculum, now, plan);
  });
  const knowledge = teamKnowledge(
    bank,
    members.map((figures) => figures.cards),
    viewAnswerStats,
    now,
  );
  return { rows: rows.sort(byName), knowledge, generatedAt: now.toISOString() };
}
