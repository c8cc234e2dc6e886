// What a person sees of their memory (docs/product.md "Spaced review (/review)"; docs/decisions.md "Mastery
// and team knowledge"): per module, over the questions taught by its lessons, mastery (the share whose
// predicted recall 21 days from now is at least 90 %) and the average predicted recall today of those
// answered; and the questions likely to be forgotten soon (the team's topic figures are in
// ../team/team-knowledge).
import type { ForgettingSoon } from '~/shared/api/review';
import { isoDay } from '~/shared/review/days';
import type { Card } from '~/shared/review/memory';
import { forgetSoonDay, masteryPercent, recallOn, recallPercent, roundRecall, type Hold } from '~/shared/review/schedule';
import type { QuestionBank } from './question-bank';

const FORGETTING_SOON_SHOWN = 10;

export interface Mastery {
  /** Rounded percent. */
  percent: number;
  /** Questions it is measured over. */
  questions: number;
  /** Average predicted recall today of the questions answered, rounded percent; null before any answer. */
  recall: number | null;
}

/** Mastery per module id (modules without questions are absent). */
export function masteryByModule(
  bank: Pick<QuestionBank, 'byModule'>,
  cards: Readonly<Record<string, Card>>,
  today: number,
  hold: Hold | null,
): Map<number, Mastery> {
  const result = new Map<number, Mastery>();
  for (const [module, keys] of bank.byModule) {
    result.set(module, {
      percent: masteryPercent(keys, cards, today, hold),
      questions: keys.length,
      recall: recallPercent(keys, cards, today, hold),
    });
  }
  return result;
}

/** The questions answered before whose predicted recall falls under 80 % within 7 days, soonest first. */
export function forgettingSoon(
  bank: Pick<QuestionBank, 'questions'>,
  cards: Readonly<Record<string, Card>>,
  today: number,
  hold: Hold | null,
  include: (key: string) => boolean = () => true,
): ForgettingSoon[] {
  return bank.questions
    .flatMap((item) => {
      const card = cards[item.key];
      const day = card && include(item.key) ? forgetSoonDay(card, today, hold) : null;
      if (!card || day === null) return [];
      const recall = roundRecall(recallOn(card, today, hold));
      return [{ id: item.key, quizTitle: item.quiz.title, text: item.question.text, recall, date: isoDay(day), order: item.order }];
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.recall - b.recall || a.order - b.order)
    .slice(0, FORGETTING_SOON_SHOWN)
    .map(({ order: _order, ...item }) => item);
}
