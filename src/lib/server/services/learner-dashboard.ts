// What the home dashboard and the module page show of a user's review schedule: the daily challenge and
// mastery per module, from ONE load of the user's cards (services/review-state), so a page never chains reads.
import type { DailyChallenge } from '~/lib/api/daily-challenge';
import { dailyChallengeFromState } from './daily-challenge';
import { masteryByModule, type Mastery } from './mastery';
import { getQuestionBank } from './question-bank';
import { loadReviewState } from './review-state';

export interface LearnerReview {
  /** Null when it cannot be read: the card then fetches it in the browser as the spec describes. */
  challenge: DailyChallenge | null;
  /** Mastery per module id; empty when the cards cannot be read (the figures are left out, not shown as 0). */
  mastery: Map<number, Mastery>;
}

export async function learnerReview(userId: string, now: Date): Promise<LearnerReview> {
  try {
    const [state, bank] = await Promise.all([loadReviewState(userId, now), getQuestionBank()]);
    const challenge = await dailyChallengeFromState(userId, state, now).catch(() => null);
    return { challenge, mastery: masteryByModule(bank, state.cards) };
  } catch (error) {
    console.error('review: the learner review could not be read', error);
    return { challenge: null, mastery: new Map() };
  }
}

/** The user's mastery of one module (null when unknown: no questions, or the cards cannot be read). */
export async function moduleMasteryFor(userId: string, moduleId: number, now: Date): Promise<Mastery | null> {
  try {
    const [state, bank] = await Promise.all([loadReviewState(userId, now), getQuestionBank()]);
    return masteryByModule(bank, state.cards).get(moduleId) ?? null;
  } catch (error) {
    console.error('review: mastery could not be read', error);
    return null;
  }
}
