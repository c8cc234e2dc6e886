/**
 * The team's knowledge (docs/decisions.md "Mastery and team knowledge", "Team progress"): what the team
 * rollup folds from the journal's answer facts — each member's review cards (the same memory model as the
 * user's own, ~/shared/review/memory) and, per question and day, how often it was answered, missed, and missed
 * while "sure" — and the Knowledge section's figures computed from them with the question bank. No content
 * import: the bank is passed in.
 */
import { z } from 'zod';
import { dayOf, startOfDay } from '~/shared/review/days';
import { applyAnswer, resetChangedCards, type Card, type Confidence } from '~/shared/review/memory';
import { masteryPercent, recallPercent } from '~/shared/review/schedule';
import type { QuestionBank } from '../review/question-bank';
import { readCard, storeCard, type StoredCard } from '~/server/review/cards';

/** Per question key, per UTC day ("20412"): [answers, wrong answers, wrong answers given as "sure"]. Only the last MISS_WINDOW_DAYS are kept. */
export const answerStatsSchema = z.record(
  z.string(),
  z.record(z.string(), z.tuple([z.number().int(), z.number().int(), z.number().int()])),
);
export type AnswerStats = z.infer<typeof answerStatsSchema>;

const MISS_WINDOW_DAYS = 30;
const MOST_MISSED_COUNT = 10;

export interface FoldedAnswer {
  questionKey: string;
  correct: boolean;
  confidence: Confidence | null;
  /** The question's material revision when answered. */
  revision: number;
  at: Date;
}

/** A member's cards after these answers (oldest first). */
export function foldMemberCards(cards: Readonly<Record<string, StoredCard>>, answers: readonly FoldedAnswer[]): Record<string, StoredCard> {
  const next: Record<string, StoredCard> = { ...cards };
  for (const answer of answers) {
    const previous = next[answer.questionKey];
    next[answer.questionKey] = storeCard(applyAnswer(previous ? readCard(previous) : null, { ...answer, at: answer.at.getTime() }));
  }
  return next;
}

/** The team's answer counts per question and day after these answers. */
export function foldAnswerStats(stats: Readonly<AnswerStats>, answers: readonly FoldedAnswer[]): AnswerStats {
  const next: AnswerStats = { ...stats };
  for (const answer of answers) {
    const days = { ...(next[answer.questionKey] ?? {}) };
    const day = String(dayOf(answer.at));
    const [count, wrong, wrongSure] = days[day] ?? [0, 0, 0];
    days[day] = [count + 1, wrong + (answer.correct ? 0 : 1), wrongSure + (!answer.correct && answer.confidence === 'sure' ? 1 : 0)];
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
  /** Rounded average, over the members who started the topic, of their predicted recall today of its questions answered; null when nobody started. */
  averageRecall: number | null;
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
  /** Wrong answers given as "sure": the misconceptions to teach. */
  confidentlyWrong: number;
  /** Members who answered it in the period. */
  learners: number;
  lesson: { title: string; href: string } | null;
}

export interface TeamKnowledge {
  topics: TopicKnowledge[];
  /** The questions with the most wrong answers in the period. */
  mostMissed: MissedQuestion[];
  /** The questions most often answered wrong while "sure" in the period. */
  confidentlyWrong: MissedQuestion[];
  /** The first day the lists count (ISO), the period ending now. */
  since: string;
}

type Bank = Pick<QuestionBank, 'byTopic' | 'byKey' | 'materialRevisions'>;

/** Per topic: the team's average mastery and predicted recall today, and how many members started it. */
function topicsOf(bank: Bank, members: ReadonlyArray<Readonly<Record<string, Card>>>, today: number): TopicKnowledge[] {
  return [...bank.byTopic].map(([topic, keys]): TopicKnowledge => {
    const started = members.filter((cards) => keys.some((key) => cards[key]));
    const mastery = members.reduce((sum, cards) => sum + masteryPercent(keys, cards, today, null), 0);
    const recall = started.reduce((sum, cards) => sum + (recallPercent(keys, cards, today, null) ?? 0), 0);
    return {
      topic,
      averageMastery: members.length === 0 ? 0 : Math.round(mastery / members.length),
      averageRecall: started.length === 0 ? null : Math.round(recall / started.length),
      started: started.length,
      questions: keys.length,
    };
  });
}

/** Every question of the bank answered in the period, with its counts. */
function answeredQuestions(
  bank: Bank,
  members: ReadonlyArray<Readonly<Record<string, Card>>>,
  stats: Readonly<AnswerStats>,
  first: number,
): MissedQuestion[] {
  return Object.entries(stats).flatMap(([key, days]) => {
    const item = bank.byKey.get(key);
    const [answers, misses, confidentlyWrong] = Object.entries(days)
      .filter(([day]) => Number(day) >= first)
      .reduce(([a, m, s], [, [count, wrong, sure]]) => [a + count, m + wrong, s + sure], [0, 0, 0]);
    if (!item || answers === 0) return [];
    return [
      {
        key,
        text: item.question.text,
        quizTitle: item.quiz.title,
        topic: item.quiz.category,
        answers,
        misses,
        missRate: Math.round((100 * misses) / answers),
        confidentlyWrong,
        learners: members.filter((cards) => (cards[key]?.last ?? -Infinity) >= first).length,
        lesson: item.lesson ? { title: item.lesson.title, href: item.lesson.href } : null,
      },
    ];
  });
}

/** The Knowledge section: per topic the team's average mastery and recall and how many started it; the most-missed and confidently wrong questions. */
export function teamKnowledge(
  bank: Bank,
  members: ReadonlyArray<Readonly<Record<string, StoredCard>>>,
  stats: Readonly<AnswerStats>,
  now: Date,
): TeamKnowledge {
  const today = dayOf(now);
  const first = today - MISS_WINDOW_DAYS + 1;
  const cards = members.map((stored) =>
    resetChangedCards(Object.fromEntries(Object.entries(stored).map(([key, card]) => [key, readCard(card)])), bank.materialRevisions),
  );
  const answered = answeredQuestions(bank, cards, stats, first);
  const top = (count: (item: MissedQuestion) => number, rate: (item: MissedQuestion) => number) =>
    answered
      .filter((item) => count(item) > 0)
      .sort((a, b) => count(b) - count(a) || rate(b) - rate(a) || a.key.localeCompare(b.key))
      .slice(0, MOST_MISSED_COUNT);
  return {
    topics: topicsOf(bank, cards, today),
    mostMissed: top(
      (item) => item.misses,
      (item) => item.misses / item.answers,
    ),
    confidentlyWrong: top(
      (item) => item.confidentlyWrong,
      (item) => item.confidentlyWrong / item.answers,
    ),
    since: startOfDay(first).toISOString(),
  };
}
