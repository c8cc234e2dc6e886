// The editors' typical mistakes, one fixture each, refused by the content check with the message an editor
// reads (file, entry and field, the offending value, and the fix): links to hub pages that do not exist,
// two lessons in one place, a new entry given an existing id, a persona title of another buying role, dates
// out of range. Entries are named by collection and id, never by file.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '~/content-check/check';
import type { Problem } from '~/content-check/problems';
import { contentFile, contentFixture, replaceOnce, type ContentFixture } from '../support/content-fixture';

let fixture: ContentFixture | undefined;
afterEach(() => fixture?.cleanup());

/** The problems of a copy of the content with these edits, as "file:line" plus the two lines an editor reads. */
function problemsAfter(edits: Parameters<typeof contentFixture>[0], add: (root: string) => void = () => {}): string[] {
  fixture = contentFixture(edits);
  add(fixture.root);
  return checkContent(fixture.root).problems.map(
    (problem: Problem) => `${problem.file}:${String(problem.line)} | ${problem.where} ${problem.message} | ${problem.fix}`,
  );
}

const lesson203 = () => contentFile('lessons', 203);
const appendToBody = (text: string) => (body: string) => `${body}\n${text}\n`;

describe('links to pages of the hub', () => {
  it('refuses a lesson that does not exist, naming the lessons of the module', () => {
    const problems = problemsAfter({ [lesson203()]: appendToBody('See [the rent roll lesson](/modules/2/lessons/230).') });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^content\/lessons\/.+:\d+ \| The body of lesson 'Lease Types Explained' links to \/modules\/2\/lessons\/230, but there is no lesson 230 \| Use the id of a lesson of module 2 \(201, 202, 203, 204, 205, 206, 207, 208\)\.$/,
    );
    expect(problems[0]!.startsWith(`${lesson203()}:`)).toBe(true);
  });

  it('refuses a lesson under another module, with the right address', () => {
    const problems = problemsAfter({ [lesson203()]: appendToBody('Compare [the segments](/modules/2/lessons/301).') });
    expect(problems.map((line) => line.split(' | ').slice(1).join(' | '))).toEqual([
      "The body of lesson 'Lease Types Explained' links to /modules/2/lessons/301, but lesson 301 is in module 3, not module 2 | Write /modules/3/lessons/301.",
    ]);
  });

  it('refuses a heading the lesson does not have, naming its headings', () => {
    const problems = problemsAfter({ [lesson203()]: appendToBody('Back to [the types](/modules/2/lessons/203#the-lease-types).') });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      "The body of lesson 'Lease Types Explained' links to /modules/2/lessons/203#the-lease-types, but lesson 'Lease Types Explained' has no heading #the-lease-types | Use the anchor of one of its headings (#why-lease-types-matter, #the-main-lease-types,",
    );
    expect(problems[0]).toMatch(/Did you mean #the-main-lease-types\?$/);
  });

  it('refuses a page that does not exist and a persona id that does not, from YAML fields too', () => {
    const resource = contentFile('resources', 'harborline-leasing-case-study');
    const problems = problemsAfter({
      [resource]: replaceOnce('link: /sales-kit/case-studies#case-harborline-commercial', 'link: /sales-kit/case-studys'),
      [contentFile('quizzes', 3)]: replaceOnce('explanation: "Single net', 'explanation: "Read [Priya](/personas/42) first. Single net'),
    });
    expect(problems.map((line) => line.split(' | ').slice(1).join(' | ')).sort()).toEqual([
      expect.stringMatching(
        /^`explanation` of question 1 \(q1\) of quiz 'Lease Types and CRE Metrics' links to \/personas\/42, but there is no persona 42 \| Use the id of a persona in content\/personas \(1, 2, 3, /,
      ),
      "`link` of resource 'Case Study: Harborline Commercial Leases Up 200 Harbor Way' links to /sales-kit/case-studys, which is not a page of the hub | Link a page by its address after the host, as the browser shows it (/modules/2/lessons/203, /personas/3, /sales-kit/objections). Did you mean /sales-kit/case-studies?",
    ]);
  });

  it('refuses a link to a team member’s page, which only administrators can open', () => {
    const problems = problemsAfter({ [lesson203()]: appendToBody('Ask [Ana](/team-progress/1f0c2a9e-0000-4000-8000-000000000000).') });
    expect(problems.map((line) => line.split(' | ').slice(1).join(' | '))).toEqual([
      "The body of lesson 'Lease Types Explained' links to /team-progress/1f0c2a9e-0000-4000-8000-000000000000, a team member's page, which only administrators can open | Link a page every reader can open (/modules/2/lessons/203, /personas/3, /sales-kit/objections).",
    ]);
  });

  it('refuses a case study anchor that is no case study, and accepts the ones that are', () => {
    const resource = contentFile('resources', 'harborline-leasing-case-study');
    const problems = problemsAfter({ [resource]: replaceOnce('#case-harborline-commercial', '#case-harborline') });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      "`link` of resource 'Case Study: Harborline Commercial Leases Up 200 Harbor Way' links to /sales-kit/case-studies#case-harborline, but /sales-kit/case-studies has no #case-harborline",
    );
    expect(problems[0]).toMatch(/Did you mean #case-harborline-commercial\?$/);
  });
});

describe('two lessons, one place or one id', () => {
  it('refuses two lessons of a module with the same order, at the file that moved into the place', () => {
    const problems = problemsAfter({ [contentFile('lessons', 204)]: replaceOnce('\norder: 4\n', '\norder: 3\n') });
    expect(problems).toEqual([
      `${contentFile('lessons', 204)}:4 | \`order\` of lesson 'Key CRE Metrics: NOI, Cap Rate and More' is 3, the place of lesson 'Lease Types Explained' (${lesson203()}) of module 2: two cannot share a place | Give it a free place (4, 9), or, to insert it there, raise the \`order\` of lesson 'Lease Types Explained' and of those after it by one (ids stay as they are).`,
    ]);
  });

  it('names the NEW file when a new lesson takes an existing id, and suggests the next free id of its module', () => {
    const added = join(dirname(lesson203()), '09-reading-a-rent-roll.mdx');
    const problems = problemsAfter({}, (root) => {
      const text = readFileSync(join(root, lesson203()), 'utf8')
        .replace('title: Lease Types Explained', 'title: Reading a Rent Roll')
        .replace('\norder: 3\n', '\norder: 9\n');
      writeFileSync(join(root, added), text);
    });
    // The copy is a near-duplicate of its knowledge checks too: only the id is asserted here.
    expect(problems.filter((line) => line.includes('`id`'))).toEqual([
      `${added}:2 | \`id\` of lesson 'Reading a Rent Roll' is 203, which lesson 'Lease Types Explained' (${lesson203()}) already has | Ids never change once merged (learners' progress is stored by id): keep the id of the existing lesson and give this new one the next free id, 209.`,
    ]);
  });
});

describe('buyers and their roles (the ICP title-to-role list)', () => {
  it('refuses a persona whose title is of another role, naming the role the title has', () => {
    const problems = problemsAfter({ [contentFile('personas', 2)]: replaceOnce('title: Marketing Manager', 'title: Asset Manager') });
    expect(problems).toEqual([
      `${contentFile('personas', 2)}:6 | \`title\` of persona 'Nathan Greer' is "Asset Manager", a title of the influencer role, but its role is champion | Set \`role: influencer\`, or give a title of the champion role (Director of Marketing, Marketing Manager, Director of Operations, Senior Property Manager, Portfolio Manager, …). The title-to-role list is \`engagement.roles\` in content/icp/ideal-customer-profile.yaml; add a title there first if the role is right.`,
    ]);
  });

  it('refuses a title no role has', () => {
    const problems = problemsAfter({ [contentFile('personas', 2)]: replaceOnce('title: Marketing Manager', 'title: Growth Hacker') });
    expect(problems.map((line) => line.split(' | ')[1])).toEqual([
      '`title` of persona \'Nathan Greer\' is "Growth Hacker", which contains no title of any buying role, so its role (champion) cannot be told from it',
    ]);
  });
});

describe('dates show the value that is wrong', () => {
  it('says which reviewBy is out of range, and the latest allowed', () => {
    const problems = problemsAfter({
      [lesson203()]: replaceOnce(/lastReviewed: [0-9-]+, reviewEveryMonths: \d+/, 'lastReviewed: 2026-01-10, reviewBy: 2029-06-01'),
    });
    expect(problems.map((line) => line.split(' | ')[1])).toEqual([
      "`review.reviewBy` of lesson 'Lease Types Explained' is 2029-06-01, which must be at most 24 months after lastReviewed (2026-01-10): 2028-01-10 at the latest",
    ]);
  });
});

describe('pictures are files of the repository, with their text', () => {
  it('refuses an https avatar with the fix, and an avatar file that is not there', () => {
    const problems = problemsAfter({
      [contentFile('personas', 2)]: replaceOnce(
        '\nbuyerSegmentId: 9\n',
        '\nbuyerSegmentId: 9\navatar: https://images.example.com/nathan.jpg\n',
      ),
      [contentFile('personas', 3)]: replaceOnce(/\nbuyerSegmentId: (\d+)\n/, '\nbuyerSegmentId: $1\navatar: ./avatars/priya-raman.webp\n'),
    });
    expect(problems.map((line) => line.split(' | ').slice(1).join(' | '))).toEqual([
      "`avatar` of persona 'Nathan Greer' is an address on another site, which the site's security policy blocks (pictures must be files of the repository) | Optional picture: save it in content/personas/avatars/ (square, at least 160 × 160 pixels; the build resizes it) and write ./avatars/first-last.webp.",
      "`avatar` of persona 'Priya Raman' is ./avatars/priya-raman.webp, but there is no such file in content/personas/avatars/ | Save the picture as content/personas/avatars/priya-raman.webp (square, at least 160 × 160 pixels), or correct the name; leave avatar out to show initials.",
    ]);
  });

  it('accepts an avatar file that is there', () => {
    const problems = problemsAfter(
      {
        [contentFile('personas', 3)]: replaceOnce(
          /\nbuyerSegmentId: (\d+)\n/,
          '\nbuyerSegmentId: $1\navatar: ./avatars/priya-raman.webp\n',
        ),
      },
      (root) => {
        mkdirSync(join(root, 'content/personas/avatars'), { recursive: true });
        writeFileSync(join(root, 'content/personas/avatars/priya-raman.webp'), 'RIFF');
      },
    );
    expect(problems).toEqual([]);
  });

  it('refuses a picture in a lesson from another site, from the site root, missing, without text, or as HTML', () => {
    const folder = dirname(lesson203());
    const problems = problemsAfter({
      [lesson203()]: appendToBody(
        [
          '![A rent roll](https://images.example.com/rent-roll.png)',
          '![A rent roll](/images/rent-roll.png)',
          '![A rent roll](./images/missing.webp)',
          '![](./images/missing.webp)',
          '<img src="./images/rent-roll.png" alt="A rent roll" />',
        ].join('\n\n'),
      ),
    });
    const example = `![What the picture shows](./images/rent-roll.webp), the file saved as ${folder}/images/rent-roll.webp`;
    expect(problems.map((line) => line.split(' | ').slice(1).join(' | '))).toEqual([
      `The body of lesson 'Lease Types Explained' shows a picture from another site (https://images.example.com/rent-roll.png), which the site's security policy blocks in production | Save the picture in the repository next to the lesson and link it from there: ${example}. The build resizes it.`,
      `The body of lesson 'Lease Types Explained' shows the picture /images/rent-roll.png, written from the site's root: the build cannot resize it | Write its path from this file: ${example}.`,
      `The body of lesson 'Lease Types Explained' shows the picture ./images/missing.webp, but there is no such file in ${folder} | Save the picture there, or correct the path: ${example}.`,
      `The body of lesson 'Lease Types Explained' shows the picture ./images/missing.webp, but there is no such file in ${folder} | Save the picture there, or correct the path: ${example}.`,
      "The body of lesson 'Lease Types Explained' shows the picture ./images/missing.webp without a text for readers who cannot see it | Write what the picture shows between the brackets: ![A rent roll with three suites](./images/rent-roll.webp).",
      `The body of lesson 'Lease Types Explained' has an HTML picture (<img src="./images/rent-roll.png" alt="A rent roll" />), which the build does not resize | Write it as a Markdown picture: ${example}.`,
    ]);
  });
});
