// What the home dashboard and the module page show of a user's review schedule: the daily challenge and
// mastery per module, from ONE load of the user's cards (services/review-state), so a page never chains reads.
import type { DailyChallenge } from '~/lib/api/daily-challenge';
import { reviewNote } from '~/lib/content/freshness';
import { getModuleIntro } from '~/lib/content/learning';
import { parseRouteId } from '~/lib/server/http/request';
import { dailyChallengeFromState } from '../review/daily-challenge';
import { masteryByModule, type Mastery } from '../review/mastery';
import { getQuestionBank } from '../review/question-bank';
import { moduleWithProgress } from './modules';
import { loadReviewState } from '../review/review-state';

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
async function moduleMasteryFor(userId: string, moduleId: number, now: Date): Promise<Mastery | null> {
  try {
    const [state, bank] = await Promise.all([loadReviewState(userId, now), getQuestionBank()]);
    return masteryByModule(bank, state.cards).get(moduleId) ?? null;
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
export async function moduleDetail(userId: string, idParam: string | undefined, now: Date, day: string) {
  const id = parseRouteId(idParam);
  if (id === null) return null;
  const [data, Intro, mastery] = await Promise.all([moduleWithProgress(userId, id), getModuleIntro(id), moduleMasteryFor(userId, id, now)]);
  if (!data) return null;
  const review = await reviewNote([{ label: data.module.title, review: data.module.review }], day);
  return { ...data, Intro, mastery, review };
}
