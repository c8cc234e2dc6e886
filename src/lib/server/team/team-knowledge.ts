/**
 * The team's knowledge (docs/decisions.md "Spaced review", "Team progress"): what the team rollup folds
 * from the journal's answer facts — each member's review cards (the same Leitner schedule as the user's
 * own) and, per question and day, how often it was answered and missed — and the Knowledge section's
 * figures computed from them with the question bank. No content import: the bank is passed in.
 */
import { z } from 'zod';
import { applyAnswer, dayOf, masteryPercent, startOfDay, type Card } from '~/lib/review/leitner';
import type { QuestionBank } from '../review/question-bank';

/** A member's card in the rollup: [box, due day, day of the last answer]. */
export const rollupCardSchema = z.tuple([z.number().int(), z.number().int(), z.number().int()]);
export type RollupCard = z.infer<typeof rollupCardSchema>;

/** Per question key, per UTC day ("20412"): [answers, wrong answers]. Only the last MISS_WINDOW_DAYS are kept. */
export const answerStatsSchema = z.record(z.string(), z.record(z.string(), z.tuple([z.number().int(), z.number().int()])));
export type AnswerStats = z.infer<typeof answerStatsSchema>;

const MISS_WINDOW_DAYS = 30;
const MOST_MISSED_COUNT = 10;

export interface FoldedAnswer {
  questionKey: string;
  correct: boolean;
  at: Date;
}

const toCard = ([box, due, last]: RollupCard): Card => ({ box, due, last, reviews: 0, lapses: 0 });

/** A member's cards after these answers (oldest first). */
export function foldMemberCards(cards: Readonly<Record<string, RollupCard>>, answers: readonly FoldedAnswer[]): Record<string, RollupCard> {
  const next: Record<string, RollupCard> = { ...cards };
  for (const answer of answers) {
    const previous = next[answer.questionKey];
    const card = applyAnswer(previous ? toCard(previous) : null, answer.correct, dayOf(answer.at));
    next[answer.questionKey] = [card.box, card.due, card.last];
  }
  return next;
}

/** The team's answer counts per question and day after these answers. */
export function foldAnswerStats(stats: Readonly<AnswerStats>, answers: readonly FoldedAnswer[]): AnswerStats {
  const next: AnswerStats = { ...stats };
  for (const answer of answers) {
    const days = { ...(next[answer.questionKey] ?? {}) };
    const day = String(dayOf(answer.at));
    const [count, wrong] = days[day] ?? [0, 0];
    days[day] = [count + 1, wrong + (answer.correct ? 0 : 1)];
    next[answer.questionKey] = days;
  }
  return next;
}

/** Only the days the most-missed list can still need (the document stays small). */
export function pruneAnswerStats(stats: Readonly<AnswerStats>, now: Date): AnswerStats {
  const first = dayOf(now) - MISS_WINDOW_DAYS;
  const pruned: AnswerStats = {};
  for (const [key, days] of Object.entries(stats)) {
    const kept = Object.fromEntries(Object.entries(days).filter(([day]) => Number(day) >= first));
    if (Object.keys(kept).length > 0) pruned[key] = kept;
  }
  return pruned;
}

export interface TopicKnowledge {
  topic: string;
  /** Rounded average of every team member's mastery of the topic. */
  averageMastery: number;
  /** Members with at least one answer to a question of the topic. */
  started: number;
  questions: number;
}

export interface MissedQuestion {
  key: string;
  text: string;
  quizTitle: string;
  topic: string;
  answers: number;
  misses: number;
  /** Rounded percent of the answers that were wrong. */
  missRate: number;
  /** Members who answered it in the period. */
  learners: number;
  lesson: { title: string; href: string } | null;
}

export interface TeamKnowledge {
  topics: TopicKnowledge[];
  mostMissed: MissedQuestion[];
  /** The first day the most-missed list counts (ISO), the period ending now. */
  since: string;
}

type Bank = Pick<QuestionBank, 'byTopic' | 'byKey'>;

/** The Knowledge section: per topic the team's average mastery and how many started it; the most-missed questions. */
export function teamKnowledge(
  bank: Bank,
  members: ReadonlyArray<Readonly<Record<string, RollupCard>>>,
  stats: Readonly<AnswerStats>,
  now: Date,
): TeamKnowledge {
  const first = dayOf(now) - MISS_WINDOW_DAYS + 1;
  const topics = [...bank.byTopic].map(([topic, keys]): TopicKnowledge => {
    const boxes = members.map((cards) => Object.fromEntries(keys.filter((key) => cards[key]).map((key) => [key, { box: cards[key]![0] }])));
    const total = boxes.reduce((sum, cards) => sum + masteryPercent(keys, cards), 0);
    return {
      topic,
      averageMastery: members.length === 0 ? 0 : Math.round(total / members.length),
      started: boxes.filter((cards) => Object.keys(cards).length > 0).length,
      questions: keys.length,
    };
  });
  const mostMissed = Object.entries(stats)
    .map(([key, days]) => {
      const [answers, misses] = Object.entries(days)
        .filter(([day]) => Number(day) >= first)
        .reduce(([a, m], [, [count, wrong]]) => [a + count, m + wrong], [0, 0]);
      return { key, answers, misses };
    })
    .filter((item) => item.misses > 0 && bank.byKey.has(item.key))
    .sort((a, b) => b.misses - a.misses || b.misses / b.answers - a.misses / a.answers || a.key.localeCompare(b.key))
    .slice(0, MOST_MISSED_COUNT)
    .map(({ key, answers, misses }): MissedQuestion => {
      const item = bank.byKey.get(key)!;
      return {
        key,
        text: item.question.text,
        quizTitle: item.quiz.title,
        topic: item.quiz.category,
        answers,
        misses,
        missRate: Math.round((100 * misses) / answers),
        learners: members.filter((cards) => (cards[key]?.[2] ?? -Infinity) >= first).length,
        lesson: item.lesson ? { title: item.lesson.title, href: item.lesson.href } : null,
      };
    });
  return { topics, mostMissed, since: startOfDay(first).toISOString() };
}
