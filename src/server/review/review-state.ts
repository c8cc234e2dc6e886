/**
 * One user's review cards (docs/decisions.md "Spaced review", "Memory model"): folded from the answer events
 * of storage/review-answers with the memory model of ~/shared/review/memory, plus the cached snapshot. Cards
 * of questions changed materially since they were answered start afresh (resetChangedCards, from the
 * content's question bank); a vacation hold (`holdUntil`), the time zone and the working days are parameters
 * of the load. The challenge streak (challengeStreakOf) is computed here for every page and the digest alike.
 *
 * A read costs one round trip when the snapshot is current: the snapshot (cards up to the start of this
 * 12-hour window) and the listing of this window's answers, in parallel. The first read of a window after
 * the settle time also lists the answers since the snapshot and the user's completed lessons, and saves
 * the snapshot rolled forward to the window start. Writes never touch the snapshot: an answer is one
 * create-only key (and its journal entry for the team figures), so concurrent answers all count.
 */
import { dayOf, localDayOf } from '~/shared/review/days';
import { challengeStreak } from '~/shared/review/streak';
import { foldAnswers, resetChangedCards, type Card, type Confidence } from '~/shared/review/memory';
import { resolveHold, type Hold } from '~/shared/review/schedule';
import { inBackground } from '~/server/background';
import { RETRY_WINDOW_MS } from '~/server/retries';
import { factIdentity } from '~/server/storage/keys';
import { journal, type JournalEvent } from '~/server/journal/journal';
import { completedLessons } from '~/server/learning/records';
import { reviewAnswers, type AnswerSource, type ReviewAnswer, type StoredReviewSnapshot } from '~/server/review/storage/review-answers';
import { storeCards, readCards } from '~/server/review/cards';
import { readReviewPreferences, type ReviewPreferences } from '~/server/preferences/preferences';
import { challengeWindow, LONGEST_WINDOW_MS } from './window';
import { getQuestionBank, questionKey, type QuestionBank } from './question-bank';

/**
 * A window's snapshot is saved only this long after the window started, so an answer written late (a slow
 * request, or a retry completing a first try of the last window: src/server/retries.ts) is in it.
 */
const SNAPSHOT_SETTLE_MS = RETRY_WINDOW_MS + 60_000;

export interface ReviewState {
  /** Start of the current 12-hour window. */
  windowStart: Date;
  /** Cards as of the window start: what the daily challenge is chosen from, so it is stable in the window. */
  cardsAtWindowStart: Record<string, Card>;
  /** Cards with every answer so far. */
  cards: Record<string, Card>;
  /** Modules with a completed lesson as of the window start (or now, before the window's snapshot exists). */
  studiedModules: number[];
  /** Days with a daily challenge answered, on the person's calendar (their time zone), this window included. */
  challengeDays: number[];
  /** The answers given in this window, oldest first. */
  windowAnswers: ReviewAnswer[];
  /** The answers of the retry window (this window's and, early in it, the last one's): where a retry finds its first try. */
  recentAnswers: ReviewAnswer[];
  /** The window's daily challenge answer that counts (countedAnswers: the first), if any. */
  challengeAnswer: ReviewAnswer | null;
  /** The vacation hold the state was loaded with, resolved from the answer days; null without one. */
  hold: Hold | null;
  /** Answers given on /review today (the day's cap on due cards). */
  reviewsToday: number;
  /** The person's time zone, which places the challenge's windows and the streak's days (null: UTC). */
  timeZone: string | null;
  /** The ISO weekdays the person works: the streak skips the others. */
  workingDays: number[];
}

export interface ReviewStateOptions {
  /** The last day (a UTC day) of a vacation hold, or null for none; the person's preferences when left out. */
  holdUntil?: number | null;
  /** The time zone of the challenge's windows (null: UTC); the person's preferences when left out. */
  timeZone?: string | null;
  /** The ISO weekdays the streak counts; the person's preferences when left out. */
  workingDays?: number[];
  /** The question bank whose material revisions apply; the content's when left out. */
  bank?: Pick<QuestionBank, 'materialRevisions'>;
}

/**
 * The answers that count, oldest first: every quiz and review answer once (a retry that stored one again
 * under a later time, with an id derived from the same action, is left out), and only the first challenge
 * answer of each 12-hour window (two tabs answering the challenge at the same moment may both store one).
 * The windows are those of the person's current time zone, so after a change of zone an answer given
 * earlier in the window that holds now still counts as that window's one.
 */
export function countedAnswers(answers: readonly ReviewAnswer[], timeZone: string | null = null): ReviewAnswer[] {
  const windows = new Set<number>();
  const facts = new Set<string>();
  return answers.filter((answer) => {
    const fact = factIdentity(answer.id);
    if (fact !== null) {
      const key = `${fact}|${answer.quizId}:${answer.questionId}`;
      if (facts.has(key)) return false;
      facts.add(key);
    }
    if (answer.source !== 'challenge') return true;
    const window = challengeWindow(answer.at, timeZone).index;
    if (windows.has(window)) return false;
    windows.add(window);
    return true;
  });
}

const asAnswers = (answers: readonly ReviewAnswer[], timeZone: string | null) =>
  countedAnswers(answers, timeZone).map((answer) => ({
    questionKey: questionKey(answer.quizId, answer.questionId),
    correct: answer.correct,
    confidence: answer.confidence,
    at: answer.at.getTime(),
    revision: answer.materialRevision,
  }));

const daysOf = (answers: readonly ReviewAnswer[], source?: ReviewAnswer['source']) =>
  answers.filter((answer) => source === undefined || answer.source === source).map((answer) => dayOf(answer.at));

/** The days of the challenge answers on the person's calendar (the streak's days). */
const challengeDaysOf = (answers: readonly ReviewAnswer[], timeZone: string | null) =>
  answers.filter((answer) => answer.source === 'challenge').map((answer) => localDayOf(answer.at, timeZone));

const reviewsOn = (answers: readonly ReviewAnswer[], day: number) =>
  answers.filter((answer) => answer.source === 'review' && dayOf(answer.at) === day).length;

const union = (a: readonly number[], b: readonly number[]) => [...new Set([...a, ...b])].sort((x, y) => x - y);

/** The snapshot at `windowStart` from an older one (or none) and the answers since it. */
async function rollForward(
  userId: string,
  stale: StoredReviewSnapshot | null,
  windowStart: Date,
  now: Date,
  timeZone: string | null,
): Promise<StoredReviewSnapshot> {
  const usable = stale !== null && Date.parse(stale.through) < windowStart.getTime() ? stale : null;
  const since = usable ? new Date(usable.through) : null;
  const [older, completions] = await Promise.all([
    reviewAnswers.since(userId, since, new Date(windowStart.getTime() - 1)),
    completedLessons(userId),
  ]);
  const before = older.filter((answer) => answer.at.getTime() < windowStart.getTime());
  const snapshot: StoredReviewSnapshot = {
    version: 3,
    through: windowStart.toISOString(),
    cards: storeCards(foldAnswers(readCards(usable?.cards ?? {}), asAnswers(before, timeZone))),
    challengeDays: union(usable?.challengeDays ?? [], challengeDaysOf(before, timeZone)),
    timeZone,
    answerDays: union(usable?.answerDays ?? [], daysOf(before)),
    // The day's reviews before the stale snapshot, when it is of the same day, plus those listed since.
    reviewsThroughDay:
      (usable && dayOf(new Date(usable.through)) === dayOf(windowStart) ? usable.reviewsThroughDay : 0) +
      reviewsOn(before, dayOf(windowStart)),
    studiedModules: union(
      [],
      completions.map((completion) => completion.moduleId),
    ),
  };
  if (now.getTime() - windowStart.getTime() >= SNAPSHOT_SETTLE_MS) {
    // A cache: failing to save it costs the next read a little more, nothing else. It never delays the
    // answer: on Netlify the function's waitUntil keeps it running after the response (request-trace.ts).
    inBackground('review snapshot save', () => reviewAnswers.saveSnapshot(userId, snapshot));
  }
  return snapshot;
}

/** The hold, time zone and working days the options give, else the person's stored ones. */
async function preferencesFor(userId: string, options: ReviewStateOptions): Promise<ReviewPreferences> {
  if (options.holdUntil !== undefined && options.timeZone !== undefined && options.workingDays !== undefined)
    return { holdUntil: options.holdUntil, timeZone: options.timeZone, workingDays: options.workingDays };
  const stored = await readReviewPreferences(userId);
  return {
    holdUntil: options.holdUntil !== undefined ? options.holdUntil : stored.holdUntil,
    timeZone: options.timeZone !== undefined ? options.timeZone : stored.timeZone,
    workingDays: options.workingDays ?? stored.workingDays,
  };
}

/**
 * The user's cards now and at the window start, with what the challenge and the review page need. One round
 * trip when the snapshot is current (the bank is built content): the person's preferences are read beside
 * the snapshot, so the listing covers the longest window that can hold now, and is cut to the window after.
 */
export async function loadReviewState(userId: string, now: Date, options: ReviewStateOptions = {}): Promise<ReviewState> {
  // This window's answers, and those of the retry window before it (where a retry finds its first try).
  const windowFrom =
    options.timeZone !== undefined ? challengeWindow(now, options.timeZone).startsAt : new Date(now.getTime() - LONGEST_WINDOW_MS);
  const listFrom = new Date(Math.min(windowFrom.getTime(), now.getTime() - RETRY_WINDOW_MS));
  const [stored, listed, bank, prefs] = await Promise.all([
    reviewAnswers.snapshot(userId),
    reviewAnswers.since(userId, listFrom, now),
    options.bank ?? getQuestionBank(),
    preferencesFor(userId, options),
  ]);
  const { timeZone } = prefs;
  const windowStart = challengeWindow(now, timeZone).startsAt;
  // The streak's days of a snapshot folded in another zone are of that zone's calendar: fold everything again.
  const sameZone = stored !== null && stored.timeZone === timeZone ? stored : null;
  const snapshot =
    sameZone?.through === windowStart.toISOString() ? sameZone : await rollForward(userId, sameZone, windowStart, now, timeZone);
  const current = listed.filter((answer) => answer.at.getTime() >= windowStart.getTime() && answer.at.getTime() <= now.getTime());
  const retriesFrom = Math.min(windowStart.getTime(), now.getTime() - RETRY_WINDOW_MS);
  const recentAnswers = listed.filter((answer) => answer.at.getTime() >= retriesFrom && answer.at.getTime() <= now.getTime());
  const atWindowStart = readCards(snapshot.cards);
  return {
    windowStart,
    cardsAtWindowStart: resetChangedCards(atWindowStart, bank.materialRevisions),
    cards: resetChangedCards(foldAnswers(atWindowStart, asAnswers(current, timeZone)), bank.materialRevisions),
    studiedModules: snapshot.studiedModules,
    challengeDays: union(snapshot.challengeDays, challengeDaysOf(current, timeZone)),
    windowAnswers: current,
    recentAnswers,
    challengeAnswer: countedAnswers(current, timeZone).find((answer) => answer.source === 'challenge') ?? null,
    hold: resolveHold(prefs.holdUntil, union(snapshot.answerDays, daysOf(current))),
    // A window that began on an earlier UTC day (a zone west of UTC) holds every answer of today.
    reviewsToday: (dayOf(windowStart) === dayOf(now) ? snapshot.reviewsThroughDay : 0) + reviewsOn(current, dayOf(now)),
    timeZone,
    workingDays: prefs.workingDays,
  };
}

/**
 * The daily challenge streak at `now` (docs/decisions.md "Streaks follow the working week"): the one rule
 * of the home page's card, the challenge's answer and the digest, on the person's calendar and working days.
 */
export const challengeStreakOf = (state: Pick<ReviewState, 'challengeDays' | 'hold' | 'timeZone' | 'workingDays'>, now: Date): number =>
  challengeStreak(state.challengeDays, localDayOf(now, state.timeZone), { hold: state.hold, workingDays: state.workingDays });

/** One answer to record: graded on the server. */
export interface NewAnswer {
  quizId: number;
  questionId: string;
  optionId: string;
  correct: boolean;
  /** How sure the person said they were; null when they did not say. */
  confidence: Confidence | null;
  /** The question's revision and material revision (content/README.md "Revisions"). */
  revision: number;
  materialRevision: number;
}

/**
 * Stores answers as events (one create-only key each) and journals each for the team figures, under the
 * ids given (derived from the action, so a retry writes the same keys) or new random ones.
 */
export async function recordAnswers(
  userId: string,
  answers: readonly NewAnswer[],
  source: AnswerSource,
  at: Date,
  ids: readonly string[] = answers.map(() => reviewAnswers.newId(at)),
): Promise<void> {
  const events = answers.map((answer, index): ReviewAnswer => ({ ...answer, id: ids[index]!, source, at }));
  // Events and their journal entries in one round trip: both keys are create-only and carry the event id,
  // so a rebuild of the team figures matches them.
  await Promise.all(
    events.flatMap((event) => [reviewAnswers.add(userId, event), journal.add(userId, answerJournalEvent(event), event.id)]),
  );
}

/** The journal entry of an answer event. */
function answerJournalEvent(event: Omit<ReviewAnswer, 'id' | 'source'>): JournalEvent {
  return {
    kind: 'answer',
    questionKey: questionKey(event.quizId, event.questionId),
    correct: event.correct,
    confidence: event.confidence,
    materialRevision: event.materialRevision,
    recordedAt: event.at.toISOString(),
  };
}

/**
 * The journal entries of answers already stored, written again under their keys: nothing new when they
 * exist; what a journal write that failed (503) after its answer left out, when they do not.
 */
export async function journalAnswersAgain(userId: string, answers: readonly ReviewAnswer[]): Promise<void> {
  await Promise.all(answers.map((answer) => journal.add(userId, answerJournalEvent(answer), answer.id)));
}

/** Every answer folded into the cards: what "answers counted" shows. */
export const answersCounted = (cards: Readonly<Record<string, Card>>): number =>
  Object.values(cards).reduce((sum, card) => sum + card.reps, 0);
