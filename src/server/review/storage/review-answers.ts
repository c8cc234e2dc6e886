/**
 * Answers to questions of the bank, the events every review card is folded from (docs/decisions.md
 * "Spaced review"): one create-only key per answer, grouped by user, month and 12-hour window,
 * `review-answers/<user>/<yyyy-mm>/<ddThh>/<eventId>.<quizId>.<questionId>.<optionId>.<1|0>.<source>[.<s|u>][.r<n>[m<n>]]`:
 * then how sure the person said they were (`s` sure, `u` not sure; none when they did not say) and the
 * question's revision when answered (`r`), with its material revision (`m`) when that is not 1. Keys
 * written before confidence and revisions parse as "no choice given" on revision 1. The key alone says
 * everything a card needs, so a fold lists keys and reads no body; two tabs answering at once write two
 * keys and lose nothing.
 *
 * `review-snapshots/<user>` caches the cards folded up to the start of a window (a cache: delete it, or
 * change its version, and the next read rebuilds it from the answers).
 */
import { z } from 'zod';
import type { Confidence } from '~/shared/review/memory';
import { listKeys, readJSON, writeJSON } from '~/server/storage/blobs';
import { eventId as newEventId, key, lastSegment, parseEventTime, prefix } from '~/server/storage/keys';
import type { JournalEntry } from '~/server/journal/journal';
import { challengeWindow, WINDOW_MS } from '../window';
import { storedCardSchema } from '../cards';

const ROOT = 'review-answers';
/** Question and option ids of the bank (the content schema enforces the same). */
const CONTENT_ID = /^[A-Za-z0-9_-]{1,32}$/;
const ANSWER_SOURCES = ['quiz', 'challenge', 'review'] as const;
export type AnswerSource = (typeof ANSWER_SOURCES)[number];

export interface ReviewAnswer {
  id: string;
  quizId: number;
  questionId: string;
  optionId: string;
  correct: boolean;
  source: AnswerSource;
  at: Date;
  /** Null when the person did not say. */
  confidence: Confidence | null;
  /** The question's revision when it was answered. */
  revision: number;
  /** The question's material revision then: answers before a later material change no longer count. */
  materialRevision: number;
}

/** `<yyyy-mm>/<ddThh>` of the 12-hour window holding a time. */
function windowFolder(time: number): [string, string] {
  const iso = new Date(Math.floor(time / WINDOW_MS) * WINDOW_MS).toISOString();
  return [iso.slice(0, 7), `${iso.slice(8, 10)}T${iso.slice(11, 13)}`];
}

const CONFIDENCE_CODES: Record<Confidence, string> = { sure: 's', unsure: 'u' };
const REVISIONS = /^r([1-9]\d{0,5})(?:m([1-9]\d{0,5}))?$/;

function answerKey(userId: string, answer: ReviewAnswer): string {
  if (!CONTENT_ID.test(answer.questionId) || !CONTENT_ID.test(answer.optionId) || !Number.isInteger(answer.quizId)) {
    throw new Error('storage: unsafe review answer ids');
  }
  const revisions = `r${answer.revision}${answer.materialRevision === 1 ? '' : `m${answer.materialRevision}`}`;
  const code = [
    answer.id,
    answer.quizId,
    answer.questionId,
    answer.optionId,
    answer.correct ? 1 : 0,
    answer.source,
    ...(answer.confidence ? [CONFIDENCE_CODES[answer.confidence]] : []),
    revisions,
  ].join('.');
  return key(ROOT, userId, ...windowFolder(answer.at.getTime()), code);
}

/** What follows the source: the confidence and revisions, each optional; null for anything else. */
function parseExtras(parts: readonly string[]): Pick<ReviewAnswer, 'confidence' | 'revision' | 'materialRevision'> | null {
  const extras: Pick<ReviewAnswer, 'confidence' | 'revision' | 'materialRevision'> = { confidence: null, revision: 1, materialRevision: 1 };
  for (const part of parts) {
    const revisions = REVISIONS.exec(part);
    if (part === 's' || part === 'u') extras.confidence = part === 's' ? 'sure' : 'unsure';
    else if (revisions) {
      extras.revision = Number(revisions[1]);
      extras.materialRevision = revisions[2] === undefined ? 1 : Number(revisions[2]);
    } else return null;
  }
  return extras;
}

function parseAnswerKey(blobKey: string): ReviewAnswer | null {
  const [id, quizId, questionId, optionId, correct, source, ...rest] = lastSegment(blobKey).split('.');
  const at = id === undefined ? null : parseEventTime(id);
  if (at === null || !quizId || !/^\d+$/.test(quizId) || !questionId || !optionId || (correct !== '1' && correct !== '0')) return null;
  const extras = parseExtras(rest);
  if (!ANSWER_SOURCES.includes(source as AnswerSource) || extras === null) return null;
  return { id: id!, quizId: Number(quizId), questionId, optionId, correct: correct === '1', source: source as AnswerSource, at, ...extras };
}

/**
 * The listing prefixes covering every answer of a user at or after `since` up to `until`: the window
 * folders for up to four windows, else the month folders for up to three months, else everything.
 */
function reviewAnswerPrefixes(userId: string, since: Date | null, until: Date): string[] {
  if (since === null || until.getTime() < since.getTime()) return [prefix(ROOT, userId)];
  const first = Math.floor(since.getTime() / WINDOW_MS);
  const last = Math.floor(until.getTime() / WINDOW_MS);
  if (last - first < 4) {
    return Array.from({ length: last - first + 1 }, (_, n) => prefix(ROOT, userId, ...windowFolder((first + n) * WINDOW_MS)));
  }
  const months: string[] = [];
  const cursor = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), 1));
  while (cursor.getTime() <= until.getTime() && months.length <= 3) {
    months.push(prefix(ROOT, userId, cursor.toISOString().slice(0, 7)));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return months.length <= 3 ? months : [prefix(ROOT, userId)];
}

const storedReviewSnapshotSchema = z.strictObject({
  version: z.literal(3),
  /** Every answer before this time (a window start) is folded; none after. */
  through: z.iso.datetime(),
  /** The memory model's cards (~/shared/review/memory), by question key. */
  cards: z.record(z.string(), storedCardSchema),
  /** Days with a daily challenge answered on the calendar of `timeZone` (the streak). */
  challengeDays: z.array(z.number().int()),
  /** The time zone the snapshot was folded in (null: UTC); a snapshot of another zone is folded again. */
  timeZone: z.string().min(1).max(64).nullable(),
  /** UTC days with any answer (a vacation hold starts after the last one before it). */
  answerDays: z.array(z.number().int()),
  /** Answers given on /review on the day of `through`, before it (the day's cap on due cards). */
  reviewsThroughDay: z.number().int().nonnegative(),
  /** Modules with a completed lesson when the window started (the challenge's second choice). */
  studiedModules: z.array(z.number().int().positive()),
});
export type StoredReviewSnapshot = z.infer<typeof storedReviewSnapshotSchema>;

/** A snapshot of an older version reads as none, so it is rebuilt from the answers. */
const anySnapshotSchema = z.union([storedReviewSnapshotSchema, z.looseObject({ version: z.number().int().lt(3) }).transform(() => null)]);

export const reviewAnswers = {
  /** A new answer's id: sortable by time, unique. */
  newId: (at: Date) => newEventId(at),

  /** Create-only: true when this call stored the answer. */
  add: (userId: string, answer: ReviewAnswer) =>
    writeJSON(answerKey(userId, answer), z.strictObject({ at: z.iso.datetime() }), { at: answer.at.toISOString() }, { onlyIfNew: true }),

  /** The user's answers at or after `since` (every one when null), from the keys alone, oldest first. */
  async since(userId: string, since: Date | null, until: Date): Promise<ReviewAnswer[]> {
    const lists = await Promise.all(reviewAnswerPrefixes(userId, since, until).map(listKeys));
    const answers: ReviewAnswer[] = [];
    for (const blobKey of lists.flat()) {
      const answer = parseAnswerKey(blobKey);
      if (answer && (since === null || answer.at.getTime() >= since.getTime())) answers.push(answer);
    }
    return answers.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1));
  },

  /** Every user's answers as journal entries, from the keys (what a team-rollup rebuild reads besides the journal). */
  async allAsJournalEntries(): Promise<JournalEntry[]> {
    const entries: JournalEntry[] = [];
    for (const blobKey of await listKeys(`${ROOT}/`)) {
      const userId = blobKey.split('/')[1];
      const answer = parseAnswerKey(blobKey);
      if (userId && answer) {
        entries.push({
          id: answer.id,
          userId,
          at: answer.at,
          fact: {
            kind: 'answer',
            questionKey: `${answer.quizId}:${answer.questionId}`,
            correct: answer.correct,
            confidence: answer.confidence,
            materialRevision: answer.materialRevision,
          },
        });
        if (answer.source === 'challenge') {
          entries.push({
            id: `${answer.id}-challenge`,
            userId,
            at: answer.at,
            fact: { kind: 'challenge', windowId: challengeWindow(answer.at).id },
          });
        }
      }
    }
    return entries;
  },

  snapshot: async (userId: string) => (await readJSON(key('review-snapshots', userId), anySnapshotSchema)) ?? null,
  saveSnapshot: (userId: string, snapshot: StoredReviewSnapshot) =>
    writeJSON(key('review-snapshots', userId), storedReviewSnapshotSchema, snapshot),
};
