// Teach before test, refused at build: each mistake reintroduced in a copy of the content (a quiz asked
// before its lesson in the learning path; a program's required quiz on lessons it does not assign; a quiz,
// mastery or sign-off due before the lessons it tests), reported naming the file, the line, the item and
// the lessons, with the fix. The committed content has none of them.
import { afterEach, describe, expect, it } from 'vitest';
import { contentFile, contentFixture, PROJECT_ROOT, replaceOnce, type ContentFixture } from '../../tests/support/content-fixture';
import { checkContent } from './check';

const AE = 'content/programs/account-executive-onboarding.yaml';
const SDR = 'content/programs/sdr-onboarding.yaml';
const CS = 'content/programs/customer-success-onboarding.yaml';

let fixture: ContentFixture | undefined;
afterEach(() => fixture?.cleanup());

/** The problems of a copy of the content with these edits, as "file:line | where message | fix". */
function problemsAfter(edits: Parameters<typeof contentFixture>[0]): string[] {
  fixture = contentFixture(edits);
  return checkContent(fixture.root).problems.map(
    (problem) => `${problem.file}:${String(problem.line)} | ${problem.where} ${problem.message} | ${problem.fix}`,
  );
}

describe('teach before test', () => {
  it('passes the committed content', () => {
    const problems = checkContent(PROJECT_ROOT).problems;
    expect(problems.filter((problem) => /taught|does not assign|not yet taught/.test(problem.message))).toEqual([]);
  });

  it('refuses a question asked in the learning path before the lesson that teaches it', () => {
    const quiz1 = contentFile('quizzes', 1);
    const problems = problemsAfter({ [quiz1]: replaceOnce('lessonId: 101', 'lessonId: 201') });
    expect(problems.filter((line) => line.startsWith(`${quiz1}:`))).toEqual([
      expect.stringMatching(
        /^content\/quizzes\/.+:\d+ \| `lessonId` of question 1 \(q1\) of quiz '.+' names lesson 201 '.+' \(module 2\), which comes after the quiz in the learning path \(quiz lesson 105, module 1\): the question is asked before it is taught \| Ask it in a quiz whose quiz lesson comes after the lesson/,
      ),
    ]);
    // The programs that set quiz 1 before module 2 now test what they have not taught yet, and say so too.
    expect(problems.filter((line) => line.includes('of quiz 1 is day'))).toHaveLength(3);
  });

  it('refuses a module of quizzes moved before the lessons they test', () => {
    const problems = problemsAfter({ [contentFile('modules', 7)]: replaceOnce(/^order: 7$/m, 'order: 0') });
    expect(problems.length).toBeGreaterThan(10);
    expect(problems.filter((line) => !line.includes('the question is asked before it is taught'))).toEqual([]);
  });

  it('refuses a required quiz on lessons the program does not assign, and no optional one', () => {
    const problems = problemsAfter({ [AE]: replaceOnce('  - { kind: module, moduleId: 4, due: 16 }\n', '') });
    const about = problems.filter((line) => line.startsWith(`${AE}:`));
    expect(about).toEqual([
      expect.stringMatching(
        /^content\/programs\/account-executive-onboarding\.yaml:\d+ \| item \d+ of onboarding program 'Account executive onboarding' is quiz 6, which tests lesson 401 'The Three ICP Tiers', lesson 403 '[^']+': the program does not assign them \| Add a required lesson item \(or the lesson's module\) due on or before day 17/,
      ),
      expect.stringMatching(
        /is quiz 10, which tests lesson 401 'The Three ICP Tiers', lesson 403 '[^']+': the program does not assign them/,
      ),
    ]);
    // Quiz 11 draws on module 4 too, but it is optional in this program.
    expect(about.some((line) => line.includes('quiz 11'))).toBe(false);
  });

  it('counts an optional lesson item as not assigning the lesson to a required quiz', () => {
    const problems = problemsAfter({
      [SDR]: replaceOnce('{ kind: lesson, lessonId: 401, due: 21 }', '{ kind: lesson, lessonId: 401, due: 21, required: false }'),
    });
    expect(problems.filter((line) => line.startsWith(`${SDR}:`))).toContainEqual(
      expect.stringMatching(/is quiz 6, which tests lesson 401 'The Three ICP Tiers': the program does not assign it/),
    );
  });

  it('refuses a quiz, a mastery and a sign-off due before the lessons they test', () => {
    const problems = problemsAfter({
      [AE]: replaceOnce('{ kind: quiz, quizId: 9, due: 31 }', '{ kind: quiz, quizId: 9, due: 29 }'),
      [SDR]: replaceOnce(
        '{ kind: mastery, moduleId: 4, threshold: 60, due: 38 }',
        '{ kind: mastery, moduleId: 4, threshold: 60, due: 22 }',
      ),
      [CS]: replaceOnce('    lessonIds: [801, 803]\n    due: 31', '    lessonIds: [801, 803]\n    due: 26'),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^content\/programs\/account-executive-onboarding\.yaml:\d+ \| `due` of item \d+ of onboarding program 'Account executive onboarding' of quiz 9 is day 29, before lesson 602 '[^']+', lesson 603 '[^']+', lesson 604 '[^']+' are due \(day 30\): it tests what is not yet taught \| Make it due on or after the day of the lessons it tests/,
        ),
        expect.stringMatching(
          /^content\/programs\/sdr-onboarding\.yaml:\d+ \| .* of the mastery of module 4 is day 22, before lesson 403 '[^']+', lesson 406 .* \(day 29\)/,
        ),
        expect.stringMatching(
          /^content\/programs\/customer-success-onboarding\.yaml:\d+ \| .* of sign-off shadow-kickoff is day 26, before lesson 801 '[^']+', lesson 803 '[^']+' are due \(day 28\)/,
        ),
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it('asks every sign-off to name the lessons it tests, and reports one that does not exist once', () => {
    const problems = problemsAfter({
      [CS]: replaceOnce('    lessonIds: [801, 803]\n', ''),
      [SDR]: replaceOnce('lessonIds: [601, 407]', 'lessonIds: [601, 499]'),
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/programs\/customer-success-onboarding\.yaml:\d+ \| `lessonIds` of item \d+ \(shadow-kickoff\) .* is missing/,
      ),
      expect.stringMatching(
        /^content\/programs\/sdr-onboarding\.yaml:\d+ \| lesson id 2 of item \d+ \(shadow-calls\) .* names lesson "499", which does not exist/,
      ),
    ]);
  });
});
