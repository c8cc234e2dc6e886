/**
 * What an option may not say, in quiz questions and knowledge checks alike (content/README.md "The
 * quiz-bank rules"): a catch-all ("All of the above", "All three of the tests") is right or wrong by
 * the form of the list, not by what the learner knows; a giveaway (a lone "Never", an option that opens
 * with "Nothing;", "certain to", "anyway", "end the call") is an option nobody who skipped the lesson
 * would pick, so it only shortens the list. The giveaway patterns are the tells the bank actually had;
 * a joke without one still needs an editor's eye.
 */
import type { Problem } from './problems';

/** An option of a question or check, where it is, and whether it is the key. */
export interface OptionOf {
  file: string;
  line: number | null;
  where: string;
  options: ReadonlyArray<{ text: string; isCorrect: boolean }>;
}

const CATCH_ALL: readonly RegExp[] = [
  /\b(?:all|none|both|neither|any)\s+of\s+(?:the\s+)?(?:above|these|those|them|options|answers)\b/i,
  /^\s*(?:all|both)\s+(?:two|three|four|five)\b/i,
  /^\s*(?:all|none)\s+of\s+(?:the\s+)?\w+$/i,
];

const GIVEAWAY: readonly RegExp[] = [
  /^\s*(?:never|always|nothing|nobody|no one|everything|everyone|none)\s*[.!]?\s*$/i,
  /^\s*(?:never|always|nothing|nobody)\s*[;:,—–-]/i,
  /\b(?:certain|guaranteed|sure)\s+to\b/i,
  /\banyway\b/i,
  /\b(?:end the call|hang up)\b/i,
  /\bbreak things\b/i,
];

/** Why an option text breaks a rule, or null. */
export function optionFault(text: string): 'catch-all' | 'giveaway' | null {
  if (CATCH_ALL.some((pattern) => pattern.test(text))) return 'catch-all';
  if (GIVEAWAY.some((pattern) => pattern.test(text))) return 'giveaway';
  return null;
}

const FIXES = {
  'catch-all': 'Replace it with a specific answer: an option that is right or wrong by what it says, never by pointing at the others.',
  giveaway:
    'Replace it with a mistake a learner who skipped the lesson could make (a plausible wrong figure, step or feature), about as long and specific as the key.',
} as const;

/** Every catch-all or giveaway option of the questions or checks. */
export function optionProblems(items: readonly OptionOf[]): Problem[] {
  return items.flatMap((item) =>
    item.options.flatMap((option, index): Problem[] => {
      const fault = optionFault(option.text);
      if (!fault) return [];
      return [
        {
          file: item.file,
          line: item.line,
          where: item.where,
          message: `has ${fault === 'catch-all' ? 'a catch-all' : 'a giveaway'} option ${index + 1}, "${option.text}"`,
          fix: FIXES[fault],
        },
      ];
    }),
  );
}
