// The quiz-bank lint on small synthetic banks: each rule passes at its limit and fails just past it,
// naming the questions to change. (The committed bank passes: tests/unit/content-check.test.ts.)
import { describe, expect, it } from 'vitest';
import { correctIsLongest, lintQuizBank, similarity, type BankCheck, type BankQuestion } from './quiz-bank';

/** A question whose correct option is at `key` and is the longest when `longest`. */
function question(n: number, key: number, longest: boolean): BankQuestion {
  const options = ['alpha', 'bravo', 'charlie', 'delta'].map((text, index) => ({
    text: index === key ? (longest ? `${text} is clearly the longest one` : 'x') : `${text} option of some length`,
    isCorrect: index === key,
  }));
  return {
    file: 'content/quizzes/01.yaml',
    line: n,
    where: `question ${n} (q${n}) of quiz 'Bank'`,
    text: `Term${n}a term${n}b term${n}c?`,
    options,
  };
}

/** 20 questions, keys spread over four positions, `longestCount` of them with the key longest. */
const bank = (longestCount: number, keys: (n: number) => number = (n) => n % 4) =>
  Array.from({ length: 20 }, (_, n) => question(n + 1, keys(n), n < longestCount));

describe('quiz-bank lint', () => {
  it('passes at 35% longest-correct and fails past it, listing the questions', () => {
    expect(lintQuizBank(bank(7), [])).toEqual([]);
    const [problem, ...rest] = lintQuizBank(bank(8), []);
    expect(rest).toEqual([]);
    expect(problem?.where).toBe('The quiz bank');
    expect(problem?.message).toBe(
      'has the correct option as the longest (or tied for longest) in 40% of its 20 questions (8); at most 35% is allowed, or learners score by picking the longest answer',
    );
    expect(problem?.fix).toContain("question 8 (q8) of quiz 'Bank'");
    expect(problem?.fix).not.toContain("question 9 (q9) of quiz 'Bank'");
  });

  it('counts a tie for longest as longest', () => {
    const tie = question(1, 0, false);
    expect(
      correctIsLongest({
        options: [
          { text: 'same', isCorrect: true },
          { text: 'four', isCorrect: false },
        ],
      }),
    ).toBe(true);
    expect(correctIsLongest(tie)).toBe(false);
  });

  it('fails when one position holds more than 35% of the keys', () => {
    expect(
      lintQuizBank(
        bank(0, (n) => (n < 7 ? 0 : 1 + (n % 3))),
        [],
      ),
    ).toEqual([]);
    const problems = lintQuizBank(
      bank(0, (n) => (n < 8 ? 0 : 1 + (n % 3))),
      [],
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      'has the correct option in the first position in 40% of its 20 questions (8); at most 35% per position is allowed',
    ]);
  });

  it('fails two questions that ask the same thing, and a question that repeats a knowledge check', () => {
    const questions = bank(0);
    questions[5] = { ...questions[5]!, text: 'Which lease makes the tenant pay taxes, insurance and maintenance?' };
    questions[12] = { ...questions[12]!, text: 'Which lease makes the tenant pay the taxes, insurance and the maintenance?' };
    const check = {
      file: 'content/lessons/x.mdx',
      line: 3,
      where: "knowledge check 1 of lesson 'X'",
      question: 'term3a, term3b or term3c?',
    };
    const problems = lintQuizBank(questions, [check]);
    expect(problems.map((problem) => `${problem.where} ${problem.message.replace(/ \([\d.]+% of their words are shared\)$/, '')}`)).toEqual(
      [
        "question 3 (q3) of quiz 'Bank' repeats knowledge check 1 of lesson 'X'",
        "question 6 (q6) of quiz 'Bank' asks the same as question 13 (q13) of quiz 'Bank'",
      ],
    );
  });

  it('holds the knowledge checks to the same two shares, counted over the checks alone', () => {
    const checkOf = (item: BankQuestion, n: number): BankCheck => ({
      file: 'content/lessons/x.mdx',
      line: n,
      where: `knowledge check ${n} of lesson 'X'`,
      question: `Check${n}a check${n}b check${n}c?`,
      options: item.options.map((option) => option.text),
      answer: item.options.findIndex((option) => option.isCorrect),
    });
    const checks = (longestCount: number) => bank(longestCount).map((item, index) => checkOf(item, index + 1));
    expect(lintQuizBank(bank(0), checks(7))).toEqual([]);
    const [problem, ...rest] = lintQuizBank(bank(0), checks(8));
    expect(rest).toEqual([]);
    expect(problem?.where).toBe("The lessons' knowledge-check bank");
    expect(problem?.message).toMatch(
      /^has the correct option as the longest \(or tied for longest\) in 40% of its 20 knowledge checks \(8\)/,
    );
    expect(problem?.fix).toContain("knowledge check 8 of lesson 'X'");
    const stacked = bank(0, (n) => (n < 8 ? 0 : 1 + (n % 3))).map((item, index) => checkOf(item, index + 1));
    expect(lintQuizBank([], stacked).map((found) => found.message)).toEqual([
      'has the correct option in the first position in 40% of its 20 knowledge checks (8); at most 35% per position is allowed',
    ]);
    // A check whose props are broken is the MDX check's to report, not counted here.
    const { options: _options, answer: _answer, ...unkeyed } = checkOf(bank(0)[0]!, 1);
    expect(lintQuizBank([], [unkeyed])).toEqual([]);
  });

  it('fails catch-all and giveaway options in questions and in knowledge checks', () => {
    const questions = bank(0);
    questions[1] = {
      ...questions[1]!,
      options: [...questions[1]!.options.slice(0, 3), { text: 'All three of the tests', isCorrect: false }],
    };
    const check: BankCheck = {
      file: 'content/lessons/x.mdx',
      line: 9,
      where: "knowledge check 1 of lesson 'X'",
      question: 'What does the lesson say about renewals?',
      options: ['Renew early', 'Nothing; walk away immediately', 'Renew late'],
      answer: 0,
    };
    // (A bank of one check has all its keys in one position: that share is not what this test is about.)
    const perItem = lintQuizBank(questions, [check]).filter((problem) => !problem.where.startsWith('The '));
    expect(perItem.map((problem) => `${problem.where} ${problem.message}`)).toEqual([
      'question 2 (q2) of quiz \'Bank\' has a catch-all option 4, "All three of the tests"',
      'knowledge check 1 of lesson \'X\' has a giveaway option 2, "Nothing; walk away immediately"',
    ]);
  });

  it('measures similarity as shared distinct words (longer than two letters) over all distinct words', () => {
    expect(similarity('The cap rate of a building', 'the CAP RATE of a building!')).toBe(1);
    expect(similarity('cap rate', 'occupancy rate')).toBeCloseTo(1 / 3);
    expect(similarity('NOI', 'NNN')).toBe(0);
  });
});
