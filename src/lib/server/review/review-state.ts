/**
 * One user's review cards (docs/decisions.md "Spaced review"): folded from the answer events of
 * storage/review-answers with the Leitner schedule of ~/lib/review/leitner, plus the cached snapshot.
 *
 * A read costs one round trip when the snapshot is current: the snapshot (cards up to the start of this
 * 12-hour window) and the listing of this window's answers, in parallel. The first read of a window after
 * the settle time also lists the answers since the snapshot and the user's completed lessons, and saves
 * the snapshot rolled forward to the window start. Writes never touch the snapshot: an answer is one
 * create-only key (and its journal entry for the team figures), so concurrent answers all count.
 */
import { dayOf, foldAnswers, type Card } from '~/lib/review/leitner';
import { inBackground } from '~/lib/server/background';
import { journal } from '~/lib/server/team/storage/journal';
import { progress } from '~/lib/server/learning/storage/progress';
import { reviewAnswers, type AnswerSource, type ReviewAnswer, type StoredReviewSnapshot } from '~/lib/server/review/storage/review-answers';
import { challengeWindow } from './window';
import { questionKey } from './question-bank';

/** A window's snapshot is saved only this long after the window started, so an answer written late is in it. */
const SNAPSHOT_SETTLE_MS = 60_000;

export interface ReviewState {
  /** Start of the current 12-hour window. */
  windowStart: Date;
  /** Cards as of the window start: what the daily challenge is chosen from, so it is stable in the window. */
  cardsAtWindowStart: Record<string, Card>;
  /** Cards with every answer so far. */
  cards: Record<string, Card>;
  /** Modules with a completed lesson as of the window start (or now, before the window's snapshot exists). */
  studiedModules: number[];
  /** UTC days with a daily challenge answered, this window included. */
  challengeDays: number[];
  /** The answers given in this window, oldest first. */
  windowAnswers: ReviewAnswer[];
  /** The window's daily challenge answer that counts (countedAnswers: the first), if any. */
  challengeAnswer: ReviewAnswer | null;
}

/**
 * The answers that count, oldest first: every quiz and review answer, and only the first challenge answer
 * of each 12-hour window (two tabs answering the challenge at the same moment may both store one).
 */
export function countedAnswers(answers: readonly ReviewAnswer[]): ReviewAnswer[] {
  const windows = new Set<number>();
  return answers.filter((answer) => {
    if (answer.source !== 'challenge') return true;
    const window = challengeWindow(answer.at).index;
    if (windows.has(window)) return false;
    windows.add(window);
    return true;
  });
}

const asAnswers = (answers: readonly ReviewAnswer[]) =>
  countedAnswers(answers).map((answer) => ({
    questionKey: questionKey(answer.quizId, answer.questionId),
    correct: answer.correct,
    at: answer.at.getTime(),
  }));

const challengeDaysOf = (answers: readonly ReviewAnswer[]) =>
  answers.filter((answer) => answer.source === 'challenge').map((answer) => dayOf(answer.at));

const union = (a: readonly number[], b: readonly number[]) => [...new Set([...a, ...b])].sort((x, y) => x - y);

/** The snapshot at `windowStart` from an older one (or none) and the answers since it. */
async function rollForward(
  userId: string,
  stale: StoredReviewSnapshot | null,
  windowStart: Date,
  now: Date,
): Promise<StoredReviewSnapshot> {
  const usable = stale !== null && Date.parse(stale.through) < windowStart.getTime() ? stale : null;
  const since = usable ? new Date(usable.through) : null;
  const [older, completions] = await Promise.all([
    reviewAnswers.since(userId, since, new Date(windowStart.getTime() - 1)),
    progress.completedLessons(userId),
  ]);
  const before = older.filter((answer) => answer.at.getTime() < windowStart.getTime());
  const snapshot: StoredReviewSnapshot = {
    version: 1,
    through: windowStart.toISOString(),
    cards: foldAnswers(usable?.cards ?? {}, asAnswers(before)),
    challengeDays: union(usable?.challengeDays ?? [], challengeDaysOf(before)),
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

/** The user's cards now and at the window start, with what the challenge and the review page need. */
export async function loadReviewState(userId: string, now: Date): Promise<ReviewState> {
  const windowStart = challengeWindow(now).startsAt;
  const [stored, windowAnswers] = await Promise.all([reviewAnswers.snapshot(userId), reviewAnswers.since(userId, windowStart, now)]);
  const snapshot = stored?.through === windowStart.toISOString() ? stored : await rollForward(userId, stored, windowStart, now);
  const current = windowAnswers.filter((answer) => answer.at.getTime() <= now.getTime());
  return {
    windowStart,
    cardsAtWindowStart: snapshot.cards,
    cards: foldAnswers(snapshot.cards, asAnswers(current)),
    studiedModules: snapshot.studiedModules,
    challengeDays: union(snapshot.challengeDays, challengeDaysOf(current)),
    windowAnswers: current,
    challengeAnswer: countedAnswers(current).find((answer) => answer.source === 'challenge') ?? null,
  };
}

/** One answer to record: graded on the server. */
export interface NewAnswer {
  quizId: number;
  questionId: string;
  optionId: string;
  correct: boolean;
}

/** Stores answers as events (one key each) and journals each one new for the team figures. */
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
    events.flatMap((event) => [
      reviewAnswers.add(userId, event),
      journal.add(
        userId,
        { kind: 'answer', questionKey: questionKey(event.quizId, event.questionId), correct: event.correct, recordedAt: at.toISOString() },
        event.id,
      ),
    ]),
  );
}

/** Every answer folded into the cards: what "answers counted" shows. */
export const answersCounted = (cards: Readonly<Record<string, Card>>): number =>
  Object.values(cards).reduce((sum, card) => sum + card.reviews, 0);
