/**
 * The quiz-bank lint: across every quiz, a learner must not be able to score by test-wiseness. The build
 * fails when the correct option is the longest (or tied for longest) in more than 35 % of the questions,
 * when one position holds more than 35 % of the keys, or when two questions ask the same thing (a quiz
 * question that repeats another, or the knowledge check whose answer a lesson has just shown).
 */
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
}

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

/** Shared distinct words over all distinct words of the two texts (0 to 1). */
export function similarity(a: string, b: string): number {
  const [left, right] = [wordsOf(a), wordsOf(b)];
  const union = new Set([...left, ...right]).size;
  return union === 0 ? 1 : [...left].filter((word) => right.has(word)).length / union;
}

const summary = (where: string, questions: readonly BankQuestion[]) => ({
  file: questions[0]?.file ?? 'content/quizzes',
  line: null,
  where,
});

function longestProblems(questions: readonly BankQuestion[]): Problem[] {
  const longest = questions.filter(correctIsLongest);
  const share = longest.length / questions.length;
  if (share <= MAX_CUE_SHARE) return [];
  return [
    {
      ...summary('The quiz bank', questions),
      message: `has the correct option as the longest (or tied for longest) in ${percent(share)} of its ${questions.length} questions (${longest.length}); at most ${percent(MAX_CUE_SHARE)} is allowed, or learners score by picking the longest answer`,
      fix: `Shorten the correct option or make a distractor as specific in some of: ${longest.map((question) => question.where).join('; ')}.`,
    },
  ];
}

function positionProblems(questions: readonly BankQuestion[]): Problem[] {
  const byPosition = new Map<number, BankQuestion[]>();
  for (const question of questions) {
    const position = question.options.findIndex((option) => option.isCorrect);
    byPosition.set(position, [...(byPosition.get(position) ?? []), question]);
  }
  return [...byPosition.entries()]
    .filter(([, held]) => held.length / questions.length > MAX_CUE_SHARE)
    .map(([position, held]): Problem => ({
      ...summary('The quiz bank', questions),
      message: `has the correct option in the ${ordinal(position)} position in ${percent(held.length / questions.length)} of its ${questions.length} questions (${held.length}); at most ${percent(MAX_CUE_SHARE)} per position is allowed`,
      fix: `Move the correct option to another position in some of: ${held.map((question) => question.where).join('; ')}.`,
    }));
}

function duplicateProblems(questions: readonly BankQuestion[], checks: readonly BankCheck[]): Problem[] {
  const problems: Problem[] = [];
  questions.forEach((question, index) => {
    const others = [
      ...questions.slice(index + 1).map((other) => ({ where: other.where, text: other.text, kind: 'asks the same as' })),
      ...checks.map((check) => ({ where: check.where, text: check.question, kind: 'repeats' })),
    ];
    for (const other of others) {
      const shared = similarity(question.text, other.text);
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

/** Every quiz-bank problem. */
export function lintQuizBank(questions: readonly BankQuestion[], checks: readonly BankCheck[]): Problem[] {
  if (questions.length === 0) return [];
  return [...longestProblems(questions), ...positionProblems(questions), ...duplicateProblems(questions, checks)];
}
