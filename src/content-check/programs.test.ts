// Onboarding programs refused at build: one fixture with a mistake of every kind a program can make, each
// reported naming the file, the line, the item and the field, with the fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFixture, replaceOnce, type ContentFixture } from '~tests/support/content-fixture';
import { checkContent } from './check';
import type { Problem } from './problems';

const SDR = 'content/programs/sdr-onboarding.yaml';
const AE = 'content/programs/account-executive-onboarding.yaml';
const CS = 'content/programs/customer-success-onboarding.yaml';

describe('a program with one mistake of every kind', () => {
  let fixture: ContentFixture;
  let problems: Problem[];
  beforeAll(() => {
    fixture = contentFixture({
      [SDR]: (text) =>
        replaceOnce(
          '{ kind: lesson, lessonId: 503, due: 26 }',
          '{ kind: lesson, lessonId: 599, due: 26 }',
        )(
          replaceOnce(
            '{ kind: quiz, quizId: 6, due: 24 }',
            '{ kind: quiz, quizId: 6, due: 43 }',
          )(
            replaceOnce(
              'page: /personas/3, title: Read the persona of Priya Raman',
              'page: /personas/1, title: Read the persona of Priya Raman',
            )(text),
          ),
        ),
      [AE]: (text) =>
        replaceOnce(
          'page: /sales-kit/pricing,',
          'page: /personas/42,',
        )(replaceOnce('{ kind: quiz, quizId: 9, due: 31 }', '{ kind: quiz, quizId: 90, due: 31 }')(text)),
      [CS]: (text) =>
        replaceOnce(
          'id: customer-success-onboarding',
          'id: cs-onboarding',
        )(replaceOnce('kind: mastery, moduleId: 5', 'kind: mastery, moduleId: 55')(text)),
    });
    problems = checkContent(fixture.root).problems;
  });
  afterAll(() => fixture.cleanup());

  const about = (file: string) =>
    problems
      .filter((problem) => problem.file === file)
      .map((problem) => `${problem.line}: ${problem.where} ${problem.message} | ${problem.fix}`);

  it('names an unknown lesson, quiz, module and page, with the line', () => {
    expect(about(SDR).find((line) => line.includes('599'))).toMatch(
      /^41: `lessonId` of item 22 of onboarding program 'SDR onboarding' names lesson "599", which does not exist \| Use the id of a lesson/,
    );
    expect(about(AE).find((line) => line.includes('"90"'))).toMatch(/^44: `quizId` of item 24 .* names quiz "90", which does not exist/);
    expect(about(CS).find((line) => line.includes('"55"'))).toMatch(
      /^49: `moduleId` of item 29 .* names module "55", which does not exist/,
    );
    expect(about(AE).find((line) => line.includes('/personas/42'))).toMatch(
      /^38: `page` of item 18 \('Read pricing and packaging'\) of onboarding program 'Account executive onboarding' links to \/personas\/42, but there is no persona 42 \| Use the id of a persona in content\/personas/,
    );
  });

  it('refuses a due day beyond the length and the same item twice', () => {
    expect(about(SDR)).toContainEqual(
      expect.stringMatching(
        /^38: `due` of item 19 of onboarding program 'SDR onboarding' is day 43, after the program's last day \(lengthDays: 42\) \| Make it due on or before the last day/,
      ),
    );
    expect(about(SDR)).toContainEqual(
      expect.stringMatching(
        /^31: item 12 \('Read the persona of Priya Raman'\) of onboarding program 'SDR onboarding' asks for the same thing as item 11 \(read:\/personas\/1\) \| Keep one of the two items\./,
      ),
    );
  });

  it('asks for the file to be named after the id', () => {
    expect(about(CS)).toContainEqual(
      expect.stringMatching(
        /^8: `id` of onboarding program 'Customer success onboarding' is "cs-onboarding", but the file is named customer-success-onboarding\.yaml \| Name the file cs-onboarding\.yaml, or set id: customer-success-onboarding\./,
      ),
    );
  });

  it('names the ramp milestones whose program id no longer exists', () => {
    expect(about('content/ramp-milestones.yaml')).toEqual([
      expect.stringMatching(
        /^\d+: program 1 \('customer-success-onboarding'\) of ramp milestone 'First QBR held' is "customer-success-onboarding", which is not the id of an onboarding program/,
      ),
      expect.stringMatching(
        /^\d+: program 1 \('customer-success-onboarding'\) of ramp milestone 'First renewal closed' is "customer-success-onboarding"/,
      ),
    ]);
  });

  it('reports nothing else', () => {
    expect(problems).toHaveLength(9);
  });
});
