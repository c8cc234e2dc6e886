// The mistakes the December content review found, put back into a copy of the content, are refused by
// the content check with the message an editor reads (file, entry, the statement, and the fix). Entries
// are named by collection and id, never by file.
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '~/content-check/check';
import type { Problem } from '~/content-check/problems';
import { contentFile, contentFixture, replaceOnce, type ContentFixture } from '../support/content-fixture';

let fixture: ContentFixture | undefined;
afterEach(() => fixture?.cleanup());

/** The problems of a copy of the content with these edits, as "file:line | where what | fix". */
function problemsAfter(edits: Parameters<typeof contentFixture>[0]): string[] {
  fixture = contentFixture(edits);
  return checkContent(fixture.root).problems.map(
    (problem: Problem) => `${problem.file}:${String(problem.line)} | ${problem.where} ${problem.message} | ${problem.fix}`,
  );
}

describe('the ideal customer profile', () => {
  it('refuses tiers that leave a firm in no tier and no disqualifier, naming the firm', () => {
    const problems = problemsAfter({
      [contentFile('icp', 'ideal-customer-profile')]: replaceOnce(
        '      - { properties: { min: 76 }, employees: { min: 11, max: 20 }, systems: [crm, pms, crm-and-pms] }\n',
        '',
      ),
    });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      /^content\/icp\/ideal-customer-profile\.yaml:\d+ \| `tiers` of ideal customer profile 'Ideal Customer Profile' put a firm with 76 properties, 11 employees and a CRM in no tier and meets no disqualifier \(and \d+ more such firms\) \| Every firm must fall into exactly one tier, or meet a disqualifier and fall into none: change the `fits` of the tiers/,
    );
  });

  it('refuses "fewer than 10 properties", which leaves a firm of 10 in Tier 3 without its red flag', () => {
    const problems = problemsAfter({
      [contentFile('lessons', 403)]: replaceOnce('- **10 or fewer properties.** Not enough', '- **Fewer than 10 properties.** Not enough'),
    });
    expect(problems.map((line) => line.split(' | ').slice(1).join(' | '))).toEqual([
      `lesson 'Disqualifiers and Product-Fit Red Flags' says "Fewer than 10 properties", but Tier 3 and its red flag are 10 or fewer properties | Write "10 or fewer properties" (or "more than 10"), as the ideal customer profile does, so a firm of exactly 10 is placed one way everywhere.`,
    ]);
  });
});
