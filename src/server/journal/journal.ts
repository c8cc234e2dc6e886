/**
 * The activity journal: one create-only key per event, grouped by UTC minute for all users,
 * `activity/<yyyy-mm-dd>/<hh>/<mm>/<eventId>.<userId>.<fact>`. Visits and sign-ins live only here;
 * lesson completions, quiz results and challenge answers are journaled here by their services right
 * after their own record is created. The key alone says what an event counts for, so the team rollup
 * lists the minutes (hours, days) since its last refresh and reads no body.
 */
import { z } from 'zod';
import type { Confidence } from '~/shared/review/memory';
import { listKeys, mapLimit, readJSON, remove, writeJSON } from '~/server/storage/blobs';
import { eventId, lastSegment, parseEventTime, pathOfSegment, pathSegment, segment } from '~/server/storage/keys';
import { isReadablePage } from './page-reads';

/** Program ids, sign-off ids: lower-case words joined by hyphens (src/schemas/programs.ts). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const PRACTICE_OUTCOMES = ['submitted', 'withdrawn', 'passed', 'try-again'] as const;
export type PracticeOutcome = (typeof PRACTICE_OUTCOMES)[number];
const PRACTICE_OUTCOME_CODES: Record<PracticeOutcome, string> = { submitted: 's', withdrawn: 'w', passed: 'p', 'try-again': 't' };

const journalEventSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('visit'),
    pagePath: z.string(),
    tabId: z.string().nullable(),
    exitPage: z.literal('navigation').nullable(),
    visitDate: z.iso.datetime(),
    recordedAt: z.iso.datetime(),
  }),
  z.strictObject({ kind: z.literal('login'), recordedAt: z.iso.datetime() }),
  z.strictObject({ kind: z.literal('lesson'), moduleId: z.number().int().positive(), lessonId: z.string(), recordedAt: z.iso.datetime() }),
  /** A graded quiz; `score` (percent) feeds the team's average quiz score (journals from before it have none). */
  z.strictObject({
    kind: z.literal('quiz'),
    quizId: z.string(),
    score: z.number().int().min(0).max(100).optional(),
    recordedAt: z.iso.datetime(),
  }),
  z.strictObject({ kind: z.literal('challenge'), windowId: z.string(), recordedAt: z.iso.datetime() }),
  /** A lesson a passed placement check completed: "tested out" wherever its completion shows. */
  z.strictObject({
    kind: z.literal('tested'),
    moduleId: z.number().int().positive(),
    lessonId: z.number().int().positive(),
    recordedAt: z.iso.datetime(),
  }),
  /** An onboarding program assigned (or its start moved, or switched), or the assignment ended. */
  z.strictObject({
    kind: z.literal('plan'),
    programId: z.string().regex(SLUG),
    startDate: z.iso.date(),
    ended: z.boolean(),
    recordedAt: z.iso.datetime(),
  }),
  /** A program item an administrator signed off. */
  z.strictObject({
    kind: z.literal('signoff'),
    programId: z.string().regex(SLUG),
    itemId: z.string().regex(SLUG),
    recordedAt: z.iso.datetime(),
  }),
  /** A program's certificate, recorded for the assignment that started on startDate. */
  z.strictObject({
    kind: z.literal('certificate'),
    programId: z.string().regex(SLUG),
    startDate: z.iso.date(),
    recordedAt: z.iso.datetime(),
  }),
  /**
   * One answer to a bank question (quiz, daily challenge or review), under the id of its review-answers key,
   * with how sure the person said they were and the question's material revision (both left out before they existed).
   */
  z.strictObject({
    kind: z.literal('answer'),
    questionKey: z.string(),
    correct: z.boolean(),
    confidence: z.enum(['sure', 'unsure']).nullable().optional(),
    materialRevision: z.number().int().positive().optional(),
    recordedAt: z.iso.datetime(),
  }),
  /** A practice attempt sent for review, withdrawn (deleted before review), or reviewed: passed or try again. */
  z.strictObject({
    kind: z.literal('practice'),
    scenarioId: z.string().regex(SLUG),
    outcome: z.enum(PRACTICE_OUTCOMES),
    recordedAt: z.iso.datetime(),
  }),
]);
export type JournalEvent = z.infer<typeof journalEventSchema>;

/** What one event counts for; a visit is an entry, a tab change or an exit (docs/decisions.md "Team progress"). */
export type JournalFact =
  /** `page`: the page entered (null: the home page, or an entry journaled before pages were kept). */
  | { kind: 'entry'; page: string | null }
  | { kind: 'tab' | 'exit' | 'login' }
  | { kind: 'plan'; programId: string; startDate: string; ended: boolean }
  | { kind: 'signoff'; programId: string; itemId: string }
  | { kind: 'certificate'; programId: string; startDate: string }
  | { kind: 'lesson'; moduleId: number; lessonId: string }
  | { kind: 'tested'; moduleId: number; lessonId: number }
  | { kind: 'quiz'; quizId: string; score?: number }
  | { kind: 'challenge'; windowId: string }
  | { kind: 'answer'; questionKey: string; correct: boolean; confidence: Confidence | null; materialRevision: number }
  | { kind: 'practice'; scenarioId: string; outcome: PracticeOutcome };

export interface JournalEntry {
  id: string;
  userId: string;
  at: Date;
  fact: JournalFact;
}

export function factOf(event: JournalEvent): JournalFact {
  switch (event.kind) {
    case 'visit':
      if (event.exitPage === 'navigation') return { kind: 'exit' };
      return event.tabId === null ? { kind: 'entry', page: isReadablePage(event.pagePath) ? event.pagePath : null } : { kind: 'tab' };
    case 'login':
      return { kind: 'login' };
    case 'lesson':
      return { kind: 'lesson', moduleId: event.moduleId, lessonId: event.lessonId };
    case 'quiz':
      return event.score === undefined
        ? { kind: 'quiz', quizId: event.quizId }
        : { kind: 'quiz', quizId: event.quizId, score: event.score };
    case 'challenge':
      return { kind: 'challenge', windowId: event.windowId };
    case 'tested':
      return { kind: 'tested', moduleId: event.moduleId, lessonId: event.lessonId };
    case 'plan':
      return { kind: 'plan', programId: event.programId, startDate: event.startDate, ended: event.ended };
    case 'signoff':
      return { kind: 'signoff', programId: event.programId, itemId: event.itemId };
    case 'certificate':
      return { kind: 'certificate', programId: event.programId, startDate: event.startDate };
    case 'answer':
      return {
        kind: 'answer',
        questionKey: event.questionKey,
        correct: event.correct,
        confidence: event.confidence ?? null,
        materialRevision: event.materialRevision ?? 1,
      };
    case 'practice':
      return { kind: 'practice', scenarioId: event.scenarioId, outcome: event.outcome };
  }
}

function factCode(fact: JournalFact): string {
  switch (fact.kind) {
    case 'entry':
      return fact.page === null ? 'entry' : `entry${pathSegment(fact.page)}`;
    case 'plan':
      return `${fact.ended ? 'planend' : 'plan'}-${fact.programId}:${fact.startDate}`;
    case 'signoff':
      return `signoff-${fact.programId}:${fact.itemId}`;
    case 'certificate':
      return `certificate-${fact.programId}:${fact.startDate}`;
    case 'lesson':
      return `lesson-${fact.moduleId}-${fact.lessonId}`;
    case 'tested':
      return `tested-${fact.moduleId}-${fact.lessonId}`;
    case 'quiz':
      return fact.score === undefined ? `quiz-${fact.quizId}` : `quiz-${fact.quizId}-s${fact.score}`;
    case 'challenge':
      return `challenge-${fact.windowId}`;
    case 'answer':
      return [
        `answer-${fact.questionKey}-${fact.correct ? 1 : 0}`,
        ...(fact.confidence === null ? [] : [fact.confidence === 'sure' ? 's' : 'u']),
        ...(fact.materialRevision === 1 ? [] : [`m${fact.materialRevision}`]),
      ].join('.');
    case 'practice':
      // Short: the whole key segment (event id, user id, code) must stay within 128 characters.
      return `pr${PRACTICE_OUTCOME_CODES[fact.outcome]}-${fact.scenarioId}`;
    default:
      return fact.kind;
  }
}

function parseFactCode(code: string): JournalFact | null {
  if (code === 'entry') return { kind: 'entry', page: null };
  if (code === 'tab' || code === 'exit' || code === 'login') return { kind: code };
  if (code.startsWith('entry:')) return { kind: 'entry', page: pathOfSegment(code.slice(5)) };
  const plan = /^plan(end)?-([a-z0-9-]+):(\d{4}-\d{2}-\d{2})$/.exec(code);
  if (plan) return { kind: 'plan', programId: plan[2]!, startDate: plan[3]!, ended: plan[1] !== undefined };
  const signoff = /^signoff-([a-z0-9-]+):([a-z0-9-]+)$/.exec(code);
  if (signoff) return { kind: 'signoff', programId: signoff[1]!, itemId: signoff[2]! };
  const certificate = /^certificate-([a-z0-9-]+):(\d{4}-\d{2}-\d{2})$/.exec(code);
  if (certificate) return { kind: 'certificate', programId: certificate[1]!, startDate: certificate[2]! };
  const tested = /^tested-(\d+)-(\d+)$/.exec(code);
  if (tested) return { kind: 'tested', moduleId: Number(tested[1]), lessonId: Number(tested[2]) };
  const lesson = /^lesson-(\d+)-(.+)$/.exec(code);
  if (lesson) return { kind: 'lesson', moduleId: Number(lesson[1]), lessonId: lesson[2]! };
  const quiz = /^quiz-(.+?)(?:-s(\d{1,3}))?$/.exec(code);
  if (quiz)
    return quiz[2] === undefined
      ? { kind: 'quiz', quizId: quiz[1]! }
      : { kind: 'quiz', quizId: quiz[1]!, score: Math.min(100, Number(quiz[2])) };
  const practice = /^pr([swpt])-([a-z0-9-]+)$/.exec(code);
  if (practice)
    return {
      kind: 'practice',
      outcome: PRACTICE_OUTCOMES.find((outcome) => PRACTICE_OUTCOME_CODES[outcome] === practice[1])!,
      scenarioId: practice[2]!,
    };
  if (code.startsWith('challenge-') && code.length > 10) return { kind: 'challenge', windowId: code.slice(10) };
  return code.startsWith('answer-') ? parseAnswerCode(code) : null;
}

/** `answer-<questionKey>-<1|0>`, then `.s` or `.u` (how sure) and `.m<n>` (material revision above 1), each optional. */
function parseAnswerCode(code: string): JournalFact | null {
  const [head, ...tags] = code.split('.');
  const answer = /^answer-(\d+:.+)-([01])$/.exec(head ?? '');
  if (!answer) return null;
  let confidence: Confidence | null = null;
  let materialRevision = 1;
  for (const tag of tags) {
    if (tag === 's' || tag === 'u') confidence = tag === 's' ? 'sure' : 'unsure';
    else if (/^m[1-9]\d{0,5}$/.test(tag)) materialRevision = Number(tag.slice(1));
    else return null;
  }
  return { kind: 'answer', questionKey: answer[1]!, correct: answer[2] === '1', confidence, materialRevision };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** `activity/<yyyy-mm-dd>/<hh>/<mm>` of a time, cut to the bucket size asked for. */
function bucketPath(time: number, unit: 'day' | 'hour' | 'minute'): string {
  const iso = new Date(time).toISOString();
  const parts = ['activity', iso.slice(0, 10), iso.slice(11, 13), iso.slice(14, 16)];
  return parts.slice(0, unit === 'day' ? 2 : unit === 'hour' ? 3 : 4).join('/');
}

function activityKey(userId: string, id: string, fact: JournalFact): string {
  const time = parseEventTime(id);
  if (time === null) throw new Error(`storage: bad event id ${id}`);
  return `${bucketPath(time.getTime(), 'minute')}/${segment(`${id}.${segment(userId)}.${factCode(fact)}`)}`;
}

function parseActivityKey(blobKey: string): JournalEntry | null {
  const [id, userId, ...code] = lastSegment(blobKey).split('.');
  const at = id === undefined ? null : parseEventTime(id);
  const fact = parseFactCode(code.join('.'));
  if (at === null || !userId || fact === null) return null;
  return { id: id!, userId, at, fact };
}

/**
 * The listing prefixes that cover every event at or after `since` up to `until` with few listings:
 * minute folders for a short span, hours for up to a day and a half, days for up to two months,
 * else the whole journal. Buckets may reach past `until` (nothing is there yet) but never miss a time.
 */
export function journalPrefixes(since: Date | null, until: Date): string[] {
  if (since === null) return ['activity/'];
  const span = until.getTime() - since.getTime();
  if (span < 0) return [`${bucketPath(since.getTime(), 'minute')}/`];
  const unit = span <= 15 * MINUTE_MS ? 'minute' : span <= 36 * HOUR_MS ? 'hour' : span <= 62 * DAY_MS ? 'day' : null;
  if (unit === null) return ['activity/'];
  const step = unit === 'minute' ? MINUTE_MS : unit === 'hour' ? HOUR_MS : DAY_MS;
  const first = Math.floor(since.getTime() / step) * step;
  const prefixes: string[] = [];
  for (let time = first; time <= until.getTime(); time += step) prefixes.push(`${bucketPath(time, unit)}/`);
  return prefixes;
}

export const journal = {
  /**
   * Journals one event; answers its event id. `id`: chosen beforehand by the caller (see `newId`), or the id
   * of the record it journals, so a rebuild can match them. A write that fails is tried once more: the
   * entry is create-only under its own id, so a second write is harmless, and a record written beside it
   * without its entry would be left out of the team figures until a rebuild.
   */
  async add(userId: string, event: JournalEvent, id: string = eventId(new Date(event.recordedAt))): Promise<string> {
    const write = () => writeJSON(activityKey(userId, id, factOf(event)), journalEventSchema, event, { onlyIfNew: true });
    await write().catch(write);
    return id;
  },

  /**
   * Removes one event journaled a moment ago (a visit found to be a duplicate or over the cap). The rollup
   * never saved it: its watermark trails the clock by minutes (team-rollup.ts SETTLE_MS).
   */
  withdraw: (userId: string, id: string, fact: JournalFact) => remove(activityKey(userId, id, fact)),

  /** An event id for an event journaled at `at`, known before it is written. */
  newId: (at: Date) => eventId(at),

  /** Every journal entry at or after `since` (all when null), read from the keys alone, oldest first. */
  async since(since: Date | null, until: Date): Promise<JournalEntry[]> {
    const lists = await Promise.all(journalPrefixes(since, until).map(listKeys));
    const entries: JournalEntry[] = [];
    for (const blobKey of lists.flat()) {
      const entry = parseActivityKey(blobKey);
      if (entry !== null && (since === null || entry.at.getTime() >= since.getTime())) entries.push(entry);
    }
    return entries.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1));
  },
};

/**
 * Every record under a prefix as a journal entry, read from the records themselves: what a team-rollup
 * rebuild adds to the journal, so a journal write that failed after its record was written still counts.
 */
export async function recordsAsJournalEntries<S extends z.ZodType>(
  keyPrefix: string,
  schema: S,
  toEntry: (body: z.infer<S>, keyParts: string[]) => Omit<JournalEntry, 'id'> | null,
): Promise<JournalEntry[]> {
  const keys = await listKeys(keyPrefix);
  const entries = await mapLimit(keys, async (blobKey) => {
    const body = await readJSON(blobKey, schema);
    const entry = body === null ? null : toEntry(body, blobKey.split('/'));
    return entry === null ? null : { id: blobKey, ...entry };
  });
  return entries.filter((entry) => entry !== null);
}
