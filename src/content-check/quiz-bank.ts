/**
 * The quiz-bank lint: across every quiz, a learner must not be able to score by test-wiseness. The build
 * fails when the correct option is the longest (or tied for longest) in more than 35 % of the questions,
 * when one position holds more than 35 % of the keys, or when two questions ask the same thing (a quiz
 * question that repeats another, or the knowledge check whose answer a lesson has just shown). The
 * knowledge checks of the lessons are held to the same two shares, counted over the checks, and both
 * to the option rules of ./option-rules.ts (no catch-all, no giveaway option).
 */
import { optionProblems } from './option-rules';
import type { Problem } from './problems';

const MAX_CUE_SHARE = 0.35;
/** Share of distinct words two questions may have in common before they count as the same question. */
const MAX_SIMILARITY = 0.6;

export interface BankQuestion {
  file: string;
  line: number | null;
  /** "question 3 (q3) of quiz 'Lease Types and CRE Metrics'". */
  where: string;
  text: string;
  options: ReadonlyArray<{ text: string; isCorrect: boolean }>;
}

export interface BankCheck {
  file: string;
  line: number | null;
  where: string;
  question: string;
  /** Only when the check's props are sound (a broken one is reported by the MDX check). */
  options?: readonly string[];
  answer?: number;
}

/** What a share rule counts: the quiz questions, or the lessons' knowledge checks. */
interface Bank {
  where: string;
  /** "its 20 questions", "its 27 knowledge checks" (after "has the correct option … in 40% of"). */
  items: (count: number) => string;
}

const QUIZ_BANK: Bank = { where: 'The quiz bank', items: (count) => `its ${count} questions` };
const CHECK_BANK: Bank = { where: "The lessons' knowledge-check bank", items: (count) => `its ${count} knowledge checks` };

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
const ordinal = (position: number) => ['first', 'second', 'third', 'fourth', 'fifth'][position] ?? `${position + 1}th`;

/** True when no option is longer than the correct one. */
export function correctIsLongest(question: Pick<BankQuestion, 'options'>): boolean {
  const correct = question.options.find((option) => option.isCorrect);
  return correct !== undefined && question.options.every((option) => option.text.length <= correct.text.length);
}

function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .replace(/[^a-z0-9%$ ]+/g, ' ')
      .split(/\s+/)
      .filter((word) => word.length > 2),
  );
}

/** Shared distinct words over all distinct words of two texts' words (0 to 1). */
function wordShare(left: Set<string>, right: Set<string>): number {
  const union = new Set([...left, ...right]).size;
  return union === 0 ? 1 : [...left].filter((word) => right.has(word)).length / union;
}

/** Shared distinct words over all distinct words of the two texts (0 to 1). */
export const similarity = (a: string, b: string): number => wordShare(wordsOf(a), wordsOf(b));

const summary = (where: string, questions: readonly BankQuestion[]) => ({
  file: questions[0]?.file ?? 'content/quizzes',
  line: null,
  where,
});

function longestProblems(questions: readonly BankQuestion[], bank: Bank): Problem[] {
  const longest = questions.filter(correctIsLongest);
  const share = longest.length / questions.length;
  if (share <= MAX_CUE_SHARE) return [];
  return [
    {
      ...summary(bank.where, questions),
      message: `has the correct option as the longest (or tied for longest) in ${percent(share)} of ${bank.items(questions.length)} (${longest.length}); at most ${percent(MAX_CUE_SHARE)} is allowed, or learners score by picking the longest answer`,
      fix: `Shorten the correct option or make a distractor as specific in some of: ${longest.map((question) => question.where).join('; ')}.`,
    },
  ];
}

function positionProblems(questions: readonly BankQuestion[], bank: Bank): Problem[] {
  const byPosition = new Map<number, BankQuestion[]>();
  for (const question of questions) {
    const position = question.options.findIndex((option) => option.isCorrect);
    byPosition.set(position, [...(byPosition.get(position) ?? []), question]);
  }
  return [...byPosition.entries()]
    .filter(([, held]) => held.length / questions.length > MAX_CUE_SHARE)
    .map(([position, held]): Problem => ({
      ...summary(bank.where, questions),
      message: `has the correct option in the ${ordinal(position)} position in ${percent(held.length / questions.length)} of ${bank.items(questions.length)} (${held.length}); at most ${percent(MAX_CUE_SHARE)} per position is allowed`,
      fix: `Move the correct option to another position in some of: ${held.map((question) => question.where).join('; ')}.`,
    }));
}

function duplicateProblems(questions: readonly BankQuestion[], checks: readonly BankCheck[]): Problem[] {
  const problems: Problem[] = [];
  // Each text's words once: every question is compared with every other and with every check.
  const words = new Map<string, Set<string>>();
  const wordsOnce = (text: string) => words.get(text) ?? words.set(text, wordsOf(text)).get(text)!;
  questions.forEach((question, index) => {
    const others = [
      ...questions.slice(index + 1).map((other) => ({ where: other.where, text: other.text, kind: 'asks the same as' })),
      ...checks.map((check) => ({ where: check.where, text: check.question, kind: 'repeats' })),
    ];
    for (const other of others) {
      const shared = wordShare(wordsOnce(question.text), wordsOnce(other.text));
      if (shared < MAX_SIMILARITY) continue;
      problems.push({
        file: question.file,
        line: question.line,
        where: question.where,
        message: `${other.kind} ${other.where} (${percent(shared)} of their words are shared)`,
        fix: 'Remove one of them, or rewrite this question to test the same skill another way (a scenario, a calculation, a different angle).',
      });
    }
  });
  return problems;
}

/** The checks whose options are known, shaped like questions so the same rules count them. */
const keyedChecks = (checks: readonly BankCheck[]): BankQuestion[] =>
  checks.flatMap(({ file, line, where, question, options, answer }) =>
    options && answer !== undefined
      ? [{ file, line, where, text: question, options: options.map((text, index) => ({ text, isCorrect: index === answer })) }]
      : [],
  );

/** The two share rules over one bank (none for an empty one). */
const shareProblems = (items: readonly BankQuestion[], bank: Bank): Problem[] =>
  items.length === 0 ? [] : [...longestProblems(items, bank), ...positionProblems(items, bank)];

/** Every quiz-bank problem: the quizzes' and the knowledge checks' shares, duplicates and option rules. */
export function lintQuizBank(questions: readonly BankQuestion[], checks: readonly BankCheck[]): Problem[] {
  const keyed = keyedChecks(checks);
  return [
    ...shareProblems(questions, QUIZ_BANK),
    ...duplicateProblems(questions, checks),
    ...shareProblems(keyed, CHECK_BANK),
    ...optionProblems([...questions, ...keyed]),
  ];
}
