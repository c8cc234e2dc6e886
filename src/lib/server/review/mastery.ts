// Mastery (docs/decisions.md "Spaced review"): of a module, the share of the questions taught by its lessons
// whose card has reached the third interval (or is mastered); of a topic, the same over a quiz category
// (the team's topic figures are in ./team-knowledge).
import { masteryPercent, type Card } from '~/lib/review/leitner';
import type { QuestionBank } from './question-bank';

export interface Mastery {
  /** Rounded percent. */
  percent: number;
  /** Questions it is measured over. */
  questions: number;
}

function masteryOver<K>(groups: ReadonlyMap<K, string[]>, cards: Readonly<Record<string, Pick<Card, 'box'>>>): Map<K, Mastery> {
  const result = new Map<K, Mastery>();
  for (const [group, keys] of groups) result.set(group, { percent: masteryPercent(keys, cards), questions: keys.length });
  return result;
}

/** Mastery per module id (modules without questions are absent). */
export const masteryByModule = (bank: Pick<QuestionBank, 'byModule'>, cards: Readonly<Record<string, Pick<Card, 'box'>>>) =>
  masteryOver(bank.byModule, cards);
