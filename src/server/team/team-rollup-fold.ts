/**
 * The team rollup document and its pure folding logic: each user's figures folded from journal entries
 * (./team-rollup.ts refreshes and stores it; docs/decisions.md "Team progress" defines the figures).
 */
import { z } from 'zod';
import type { JournalEntry } from '~/server/journal/journal';
import { factIdentity } from '~/server/storage/keys';
import { PROGRAM_QUIZ_PASS } from '~/shared/vocabulary';
import { storedCardSchema } from '~/server/review/cards';
import { answerStatsSchema, foldMemberCards, type FoldedAnswer } from './team-knowledge';

const count = z.number().int().nonnegative();

function answerOf(fact: Extract<JournalEntry['fact'], { kind: 'answer' }>, at: Date): FoldedAnswer {
  return { questionKey: fact.questionKey, correct: fact.correct, confidence: fact.confidence, revision: fact.materialRevision, at };
}

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
  /** Practice attempts sent for review and not yet reviewed or withdrawn. */
  practiceWaiting: count,
  /** Scenarios with a passing review. */
  practicePassed: z.array(z.string()),
  /** When the person's latest practice attempt was reviewed (what their digest may tell). */
  practiceReviewedAt: z.iso.datetime().nullable(),
  /** Completed lessons as "moduleId/lessonId". */
  lessonKeys: z.array(z.string()),
  /** Latest time of any folded event. */
  lastActive: z.iso.datetime().nullable(),
  /** Review cards by question key, folded from the answer facts with the memory model (./team-knowledge). */
  cards: z.record(z.string(), storedCardSchema),
  /**
   * When each thing an onboarding plan counts was first done: `lesson:<module>/<lessonCode>`, `quiz:<id>`
   * (a result of 80 % or more), `read:<page path>`, `signoff:<program>/<item>`, `certificate:<program>/<start>`,
   * `practice:<scenarioId>` (a passing review), `tested:<module>/<lesson>` (completed by a passed placement check).
   */
  planEvidence: z.record(z.string(), z.iso.datetime()),
  /** The onboarding program assigned and its start date; null when none or ended. */
  assignment: z.strictObject({ programId: z.string(), startDate: z.iso.date() }).nullable(),
});
export type MemberFigures = z.infer<typeof memberFiguresSchema>;

/** The rollup's version: a stored rollup of an older one reads as none, so it is rebuilt from the events. */
export const TEAM_ROLLUP_VERSION = 6;

export const teamRollupSchema = z.strictObject({
  version: z.literal(TEAM_ROLLUP_VERSION),
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
  /** The team's answers, misses and misses while "sure" per question and day, the last 30 days (./team-knowledge). */
  answerStats: answerStatsSchema,
});
export type TeamRollup = z.infer<typeof teamRollupSchema>;

/** What a stored rollup reads as: null when it is of an older version. */
export const storedTeamRollupSchema = z.union([
  teamRollupSchema,
  z.looseObject({ version: z.number().int().lt(TEAM_ROLLUP_VERSION) }).transform(() => null),
]);

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
    practiceWaiting: 0,
    practicePassed: [],
    practiceReviewedAt: null,
    lastActive: null,
    cards: {},
    planEvidence: {},
    assignment: null,
  };
}

export function emptyTeamRollup(now: Date): TeamRollup {
  return { version: TEAM_ROLLUP_VERSION, generatedAt: now.toISOString(), activityThrough: null, members: {}, people: {}, answerStats: {} };
}

/** The later of two ISO times (null is "never"). */
export function later(a: string | null, b: string | null): string | null {
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
  practicePassed: Set<string>;
  answers: FoldedAnswer[];
  lastActive: number;
  planEvidence: Record<string, string>;
}

function workingMember(figures: MemberFigures): WorkingMember {
  return {
    figures: { ...figures },
    quizIds: new Set(figures.quizIds),
    quizBest: { ...figures.quizBest },
    windows: new Set(figures.challengeWindowIds),
    lessons: new Set(figures.lessonKeys),
    practicePassed: new Set(figures.practicePassed),
    answers: [],
    lastActive: figures.lastActive === null ? -Infinity : Date.parse(figures.lastActive),
    planEvidence: { ...figures.planEvidence },
  };
}

/** Folds one entry into a member; true when it is the person's own activity (what lastActive follows). */
function foldFact(member: WorkingMember, entry: JournalEntry): boolean {
  const { fact } = entry;
  const evidence = (key: string) => (member.planEvidence[key] ??= entry.at.toISOString());
  switch (fact.kind) {
    case 'entry':
      member.figures.pagesVisited += 1;
      if (fact.page !== null) evidence(`read:${fact.page}`);
      return true;
    case 'tab':
      member.figures.tabChanges += 1;
      return true;
    case 'exit':
      member.figures.exits += 1;
      return true;
    case 'login':
      member.figures.loginCount += 1;
      return true;
    case 'quiz':
      member.quizIds.add(fact.quizId);
      if (fact.score !== undefined) member.quizBest[fact.quizId] = Math.max(member.quizBest[fact.quizId] ?? 0, fact.score);
      if (fact.score !== undefined && fact.score >= PROGRAM_QUIZ_PASS) evidence(`quiz:${fact.quizId}`);
      return true;
    case 'challenge':
      member.windows.add(fact.windowId);
      return true;
    case 'lesson':
      member.lessons.add(lessonKey(fact.moduleId, fact.lessonId));
      evidence(`lesson:${lessonKey(fact.moduleId, fact.lessonId)}`);
      return true;
    case 'tested':
      evidence(`tested:${lessonKey(fact.moduleId, fact.lessonId)}`);
      return true;
    case 'answer':
      member.answers.push(answerOf(fact, entry.at));
      return true;
    // What administrators record for a person is not the person's activity: lastActive stays.
    case 'plan':
      member.figures.assignment = fact.ended ? null : { programId: fact.programId, startDate: fact.startDate };
      return false;
    case 'signoff':
      evidence(`signoff:${fact.programId}/${fact.itemId}`);
      return false;
    case 'certificate':
      evidence(`certificate:${fact.programId}/${fact.startDate}`);
      return false;
    case 'practice':
      return foldPractice(member, entry, evidence);
  }
}

/** A practice event: the rep's own when sent or withdrawn; a review is the reviewer's doing (lastActive stays). */
function foldPractice(member: WorkingMember, entry: JournalEntry, evidence: (key: string) => string): boolean {
  const { figures } = member;
  const fact = entry.fact as Extract<JournalEntry['fact'], { kind: 'practice' }>;
  if (fact.outcome === 'submitted') figures.practiceWaiting += 1;
  else figures.practiceWaiting = Math.max(0, figures.practiceWaiting - 1);
  if (fact.outcome === 'passed' || fact.outcome === 'try-again') {
    figures.practiceReviewedAt = later(figures.practiceReviewedAt, entry.at.toISOString());
  }
  if (fact.outcome === 'passed') {
    member.practicePassed.add(fact.scenarioId);
    evidence(`practice:${fact.scenarioId}`);
  }
  return fact.outcome === 'submitted' || fact.outcome === 'withdrawn';
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
    if (foldFact(member, entry)) member.lastActive = Math.max(member.lastActive, entry.at.getTime());
  }
  const next = { ...members };
  for (const [userId, member] of working) {
    next[userId] = {
      ...member.figures,
      quizIds: [...member.quizIds].sort(),
      quizBest: member.quizBest,
      challengeWindowIds: [...member.windows].sort(),
      lessonKeys: [...member.lessons].sort(),
      practicePassed: [...member.practicePassed].sort(),
      lastActive: Number.isFinite(member.lastActive) ? new Date(member.lastActive).toISOString() : null,
      cards: foldMemberCards(member.figures.cards, member.answers),
      planEvidence: member.planEvidence,
    };
  }
  return next;
}

/** The answers among journal entries, for the team's answer counts. */
export const answersOf = (entries: readonly JournalEntry[]): FoldedAnswer[] =>
  entries.flatMap((entry) => (entry.fact.kind === 'answer' ? [answerOf(entry.fact, entry.at)] : []));

/** What an entry counts for, whoever wrote it and whenever: the kind and the thing it is about. */
function countedThing(fact: JournalEntry['fact']): string {
  switch (fact.kind) {
    case 'answer':
      return `answer:${fact.questionKey}`;
    case 'lesson':
      return `lesson:${lessonKey(fact.moduleId, fact.lessonId)}`;
    case 'tested':
      return `tested:${lessonKey(fact.moduleId, fact.lessonId)}`;
    case 'quiz':
      return `quiz:${fact.quizId}`;
    case 'challenge':
      return `challenge:${fact.windowId}`;
    default:
      return fact.kind;
  }
}

/**
 * Which fact an entry stands for: entries with ids derived from the same fact (`factEventId`: every try of
 * one lesson completion, challenge answer or logical action) are one fact whatever their times; any other
 * entry is its own (an answer's journal entry and its review-answers key share the id, so a rebuild that
 * reads both counts it once).
 */
export function factKeyOf(entry: Pick<JournalEntry, 'id' | 'userId' | 'fact'>): string {
  return `${entry.userId}|${factIdentity(entry.id) ?? entry.id}|${countedThing(entry.fact)}`;
}

/**
 * Journal entries (and the records read besides them on a rebuild) oldest first, each fact once: its first
 * entry. Entries before `since` were folded already: they only mark their facts as counted, so a later
 * entry of the same fact (a retry that journaled it again) is left out.
 */
export function mergeEntries(lists: ReadonlyArray<readonly JournalEntry[]>, since: Date | null = null): JournalEntry[] {
  const sorted = lists.flat().sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const seen = new Set<string>();
  const merged: JournalEntry[] = [];
  for (const entry of sorted) {
    const fact = factKeyOf(entry);
    if (seen.has(fact)) continue;
    seen.add(fact);
    if (since === null || entry.at.getTime() >= since.getTime()) merged.push(entry);
  }
  return merged;
}

/** Splits entries at the watermark: older ones are committed to the rollup, newer ones only shown. */
export function splitAtWatermark<T extends { at: Date }>(entries: readonly T[], watermark: Date): { committed: T[]; tail: T[] } {
  const committed: T[] = [];
  const tail: T[] = [];
  for (const entry of entries) (entry.at.getTime() < watermark.getTime() ? committed : tail).push(entry);
  return { committed, tail };
}
