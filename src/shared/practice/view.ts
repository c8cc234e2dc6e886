// What the practice pages and the answer island show of a scenario (docs/product.md "Practice"): its rubric with
// what teaches each item, never the model answer (shown on the attempt page once the rep has answered), and the
// person's state of each scenario in words. Plain data: safe for islands.
import { formatDayOf } from '~/shared/freshness/dates';
import type { PracticeScenarioState, PracticeStatus } from '~/shared/api/practice';

export interface RubricItemView {
  id: string;
  does: string;
  required: boolean;
  /** No phrases: only a person can judge it ("judged by your reviewer"). */
  judgedByReviewer: boolean;
  teaches: { href: string; label: string };
}

export interface ScenarioView {
  id: string;
  title: string;
  timeLimitSeconds: number;
  rubric: RubricItemView[];
}

/** The person's state of a scenario, as /practice writes it. */
export function stateLabel(scenario: Pick<PracticeScenarioState, 'state' | 'passedAt'>): string {
  switch (scenario.state) {
    case 'not-tried':
      return 'Not tried';
    case 'draft':
      return 'Draft';
    case 'waiting':
      return 'Waiting for review';
    case 'passed':
      return scenario.passedAt ? `Passed on ${formatDayOf(scenario.passedAt)}` : 'Passed';
    case 'try-again':
      return 'Try again';
    case 'due':
      return 'Due to practise again';
  }
}

/** An attempt's status in words. */
export const STATUS_LABELS: Readonly<Record<PracticeStatus, string>> = {
  draft: 'Draft: not sent for review yet',
  waiting: 'Waiting for review',
  passed: 'Passed',
  'try-again': 'Try again',
};

/** "0:42": minutes and seconds. */
export const clockOf = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
