// What the home dashboard and the module page show of a user's review schedule: the daily challenge,
// mastery and predicted recall per module, and the module's questions likely to be forgotten soon, from ONE
// load of the user's cards (review/review-state), so a page never chains reads.
import type { DailyChallenge } from '~/shared/api/daily-challenge';
import type { ForgettingSoon } from '~/shared/api/review';
import { reviewNote } from '~/server/content/freshness';
import { getModuleIntro } from '~/server/content/learning';
import { dayOf } from '~/shared/review/days';
import { parseRouteId } from '~/server/http/request';
import { dailyChallengeFromState } from '../review/daily-challenge';
import { forgettingSoon, masteryByModule, type Mastery } from '../review/mastery';
import { getQuestionBank } from '../review/question-bank';
import { moduleWithProgress } from './modules';
import { placementOverview } from './placement';
import { loadReviewState, type ReviewState, type ReviewStateOptions } from '../review/review-state';

export interface LearnerReview {
  /** Null when it cannot be read: the card then fetches it in the browser as the spec describes. */
  challenge: DailyChallenge | null;
  /** Mastery per module id; empty when the cards cannot be read (the figures are left out, not shown as 0). */
  mastery: Map<number, Mastery>;
}

/** `review`: the user's review state, when the page has started reading it for something else too. */
export async function learnerReview(
  userId: string,
  now: Date,
  options: ReviewStateOptions = {},
  review: Promise<ReviewState> = loadReviewState(userId, now, options),
): Promise<LearnerReview> {
  try {
    const [state, bank] = await Promise.all([review, getQuestionBank()]);
    const challenge = await dailyChallengeFromState(userId, state, now).catch(() => null);
    return { challenge, mastery: masteryByModule(bank, state.cards, dayOf(now), state.hold) };
  } catch (error) {
    console.error('review: the learner review could not be read', error);
    return { challenge: null, mastery: new Map() };
  }
}

export interface ModuleMemory {
  mastery: Mastery;
  /** The module's questions likely to be forgotten soon. */
  forgettingSoon: ForgettingSoon[];
}

/** The user's mastery of one module and what they may forget soon (null when unknown: no questions, or the cards cannot be read). */
async function moduleMemoryFor(userId: string, moduleId: number, now: Date, options: ReviewStateOptions): Promise<ModuleMemory | null> {
  try {
    const [state, bank] = await Promise.all([loadReviewState(userId, now, options), getQuestionBank()]);
    const today = dayOf(now);
    const mastery = masteryByModule(bank, state.cards, today, state.hold).get(moduleId);
    const keys = new Set(bank.byModule.get(moduleId) ?? []);
    return mastery ? { mastery, forgettingSoon: forgettingSoon(bank, state.cards, today, state.hold, (key) => keys.has(key)) } : null;
  } catch (error) {
    console.error('review: mastery could not be read', error);
    return null;
  }
}

/**
 * Everything the module detail page shows, for /modules/{id} and its alias /industry-knowledge/{id}; null
 * for an unknown module. Both routes render from it, so the alias needs no rewrite (a second pass through
 * the middleware and the router, ~5 ms of CPU per request).
 */
export async function moduleDetail(userId: string, idParam: string | undefined, now: Date, day: string, options: ReviewStateOptions = {}) {
  const id = parseRouteId(idParam);
  if (id === null) return null;
  const [data, Intro, memory, placement] = await Promise.all([
    moduleWithProgress(userId, id),
    getModuleIntro(id),
    moduleMemoryFor(userId, id, now, options),
    placementOverview(userId, id, now),
  ]);
  if (!data) return null;
  const review = await reviewNote([{ label: data.module.title, review: data.module.review }], day);
  return { ...data, Intro, mastery: memory?.mastery ?? null, forgettingSoon: memory?.forgettingSoon ?? [], review, placement };
}
