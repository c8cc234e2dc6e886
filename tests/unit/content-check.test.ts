// The content check that `astro build` runs (src/integrations/content-check.ts → src/content-check/):
// the committed content passes; a broken fixture with one mistake of every kind fails with EVERY problem,
// each naming file:line, the entry and field in words (1-based, with ids), and the fix; each check also
// shown failing on its own; and the integration fails a build but only warns a dev server.
import type { AstroIntegrationLogger } from 'astro';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mdxComponents } from '~/components/lesson/mdx-components';
import { contentCheck } from '~/integrations/content-check';
import { checkContent } from '~/content-check/check';
import { knowledgeCheckErrors, MDX_COMPONENT_NAMES } from '~/content-check/knowledge-checks';
import { formatReport, type Problem } from '~/content-check/problems';
import { CONTENT_SOURCES } from '~/content-check/sources';
import { collections } from '~/content.config';
import { contentFile, contentFixture, PROJECT_ROOT, replaceOnce, type ContentFixture } from '../support/content-fixture';

/** Replaces the nth (1-based) match of a global pattern. */
const replaceNth = (pattern: RegExp, n: number, to: string) => (text: string) => {
  let seen = 0;
  const next = text.replace(pattern, (match) => (++seen === n ? to : match));
  if (seen < n) throw new Error(`replaceNth: fewer than ${n} matches of ${String(pattern)}`);
  return next;
};

const lines = (problems: readonly Problem[]) => problems.map((problem) => `${problem.where} ${problem.message}`);

describe('the committed content', () => {
  it('passes every check', () => {
    const { problems, entries } = checkContent(PROJECT_ROOT);
    expect(formatReport(problems)).toBe('Content check: 0 problems in 0 files.');
    expect(entries.length).toBeGreaterThan(250);
  });

  it('is read as the collections of src/content.config.ts are (one source per collection, same schema)', () => {
    expect(CONTENT_SOURCES.map((source) => source.collection).sort()).toEqual(Object.keys(collections).sort());
    for (const source of CONTENT_SOURCES)
      expect(source.schema, source.collection).toBe(collections[source.collection as keyof typeof collections].schema);
  });

  it('knows the components pages pass to MDX (src/components/lesson/mdx-components.ts)', () => {
    // Lower-case keys override HTML elements (table: every Markdown table scrolls in its own region); authors never write them.
    expect([...MDX_COMPONENT_NAMES]).toEqual(Object.keys(mdxComponents).filter((name) => /^[A-Z]/.test(name)));
    expect(Object.keys(mdxComponents).filter((name) => !/^[A-Z]/.test(name))).toEqual(['table']);
  });
});

describe('a fixture with one mistake of every kind', () => {
  let fixture: ContentFixture;
  let problems: Problem[];
  beforeAll(() => {
    fixture = contentFixture({
      [contentFile('quizzes', 3)]: (text) =>
        replaceNth(/lessonId: \d+/g, 3, 'lessonId: 299')(replaceNth(/ {4}explanation:/g, 2, '    explanaton:')(text)),
      [contentFile('quizzes', 6)]: replaceOnce(/lessonId: \d+/, 'lessonId: 206'),
      [contentFile('quizzes', 4)]: replaceOnce(/\n {4}lessonId: \d+/, ''),
      [contentFile('lessons', 205)]: replaceNth(/answer=\{1\}/g, 2, 'answer={9}'),
      [contentFile('lessons', 204)]: replaceOnce('## Why Parcelwise cares', 'Rents rose <5% last year.\n\n## Why Parcelwise cares'),
      [contentFile('lessons', 502)]: replaceOnce('\nreview:', '\nvideoUrl: https://videos.parcelwise.example/features.mp4\nreview:'),
      [contentFile('lessons', 101)]: replaceOnce('\nreview:', '\nduration: 7\nreview:'),
      [contentFile('personas', 2)]: replaceOnce('owner: jonah-whitaker', 'owner: jonah-whitakr'),
      [contentFile('personas', 3)]: (text) =>
        replaceOnce(
          /buyerSegmentId: \d+/,
          'buyerSegmentId: 19',
        )(replaceOnce('situationId: testing-the-champion', 'situationId: testing-the-champ')(text)),
      [contentFile('icp', 'ideal-customer-profile')]: replaceOnce('  personaId: 10', '  personaId: 42'),
      'content/industry/glossary.yaml': replaceOnce('related: [Balloon payment]', 'related: [Balloon payments]'),
      [contentFile('modules', 3)]: replaceOnce('lastReviewed: 2026-10-05', 'lastReviewed: 2026-02-30'),
    });
    problems = checkContent(fixture.root).problems;
  });
  afterAll(() => fixture.cleanup());

  it('reports every broken entry, not only the first, and nothing else', () => {
    // 13 mistakes; the misspelt `explanaton` is also reported as `explanation` missing.
    expect(problems, formatReport(problems)).toHaveLength(15);
    for (const problem of problems) {
      expect(problem.file, problem.where).toMatch(/^content\//);
      expect(problem.line, `${problem.file}: ${problem.where}`).toBeGreaterThan(0);
      expect(problem.fix.length, problem.where).toBeGreaterThan(10);
    }
  });

  it('names a missing or non-existent lesson of a question in words, 1-based with the question id and the quiz title', () => {
    expect(lines(problems)).toContain(
      '`lessonId` of question 3 (q3) of quiz \'Lease Types and CRE Metrics\' names lesson "299", which does not exist',
    );
    expect(lines(problems)).toContain("`lessonId` of question 1 (q1) of quiz 'Know Your Buyer Segments' is missing");
    const quizLesson = problems.find((problem) => problem.message.includes('which is a quiz lesson'));
    expect(quizLesson?.where).toBe("`lessonId` of question 1 (q1) of quiz 'ICP Tiers and Disqualification'");
  });

  it('prints an unknown key by its name, with the field it probably meant', () => {
    const unknown = problems.find((problem) => problem.message.includes('explanaton'));
    expect(unknown?.where).toBe("question 2 (q2) of quiz 'Lease Types and CRE Metrics'");
    expect(unknown?.message).toBe('has an unknown field `explanaton`');
    expect(unknown?.fix).toContain('correct it to `explanation`');
    expect(lines(problems)).toContain("`explanation` of question 2 (q2) of quiz 'Lease Types and CRE Metrics' is missing");
    expect(formatReport(problems)).not.toContain('**');
    const duration = problems.find((problem) => problem.message.includes('`duration`'));
    expect(duration?.fix).toMatch(/computed from its words and knowledge checks/);
  });

  it('catches a knowledge-check answer that is not an index of its options, at its line', () => {
    const check = problems.find((problem) => problem.message.startsWith('has answer={9}'));
    expect(check).toMatchObject({ file: contentFile('lessons', 205), line: 21 });
    expect(check?.where).toBe(
      "Knowledge check 2 ('A property has NOI of $600,000 and sells for $12,…') of lesson 'Practice: Leases and Metrics'",
    );
    expect(check?.message).toBe('has answer={9}, but its 4 options are numbered 0 to 3 (answer counts from 0)');
  });

  it('explains the "<" followed by a digit that breaks a lesson', () => {
    const mdx = problems.find((problem) => problem.message.startsWith('cannot be read as MDX'));
    expect(mdx?.file).toBe(contentFile('lessons', 204));
    expect(mdx?.fix).toContain('&lt;');
  });

  it('names owners, segments, situations, personas and related terms that do not exist', () => {
    const owner = problems.find((problem) => problem.where === "`review.owner` of persona 'Nathan Greer'");
    expect(owner?.message).toBe('names team member "jonah-whitakr", which does not exist');
    expect(owner?.fix).toContain('Did you mean "jonah-whitaker"?');
    expect(lines(problems)).toContain('`buyerSegmentId` of persona \'Priya Raman\' names buyer segment "19", which does not exist');
    const situation = problems.find((problem) => problem.message.includes('testing-the-champ"'));
    expect(situation?.where).toMatch(/^`situationId` of objection 1 \('.+'\) of `callPrep` of persona 'Priya Raman'$/);
    expect(situation?.message).toBe('names sales situation "testing-the-champ", which does not exist');
    expect(lines(problems)).toContain(
      '`negativePersona.personaId` of ideal customer profile \'Ideal Customer Profile\' names persona "42", which does not exist',
    );
    expect(lines(problems)).toContain(
      "related term 1 ('Balloon payments') of glossary term 'Amortization' names glossary term or abbreviation \"Balloon payments\", which does not exist",
    );
  });

  it('fails a link to a host that does not resolve in production', () => {
    const link = problems.find((problem) => problem.message.includes('videos.parcelwise.example'));
    expect(link?.where).toBe("`videoUrl` of lesson 'The Six Core Features in Depth'");
    expect(link?.message).toBe(
      'links to https://videos.parcelwise.example/features.mp4, whose host videos.parcelwise.example is not known to resolve in production',
    );
    expect(link?.fix).toContain('content/link-hosts.yaml');
  });

  it('rejects an impossible review date naming the field', () => {
    const date = problems.find((problem) => problem.where.startsWith('`review.lastReviewed`'));
    expect(date?.where).toBe("`review.lastReviewed` of module 'Buyer Segments and Personas'");
    expect(date?.message).toMatch(/YYYY-MM-DD/);
  });
});

describe('MDX bodies', () => {
  let fixture: ContentFixture;
  let problems: Problem[];
  /** The 1-based line of the fixture file that contains `text`. */
  const lineOf = (file: string, text: string) =>
    readFileSync(join(fixture.root, file), 'utf8')
      .split('\n')
      .findIndex((line) => line.includes(text)) + 1;
  beforeAll(() => {
    fixture = contentFixture({
      // A word in braces parses, but the page would fail with "of is not defined". A comment, and a "<"
      // followed by a space, are fine.
      [contentFile('lessons', 102)]: replaceOnce(
        '## ACCELERATE',
        'Ask which {of} the four matters most.\n\n{/* editors: keep in step with value-propositions.yaml */}\n\nSome teams answer < 20% of inquiries the same day.\n\n## ACCELERATE',
      ),
      [contentFile('modules', 3)]: (text) => `${text}\n{1 + 2}\n`,
      [contentFile('lessons', 204)]: replaceOnce('## Why Parcelwise cares', 'Deals close in <20 days.\n\n## Why Parcelwise cares'),
    });
    problems = checkContent(fixture.root).problems;
  });
  afterAll(() => fixture.cleanup());

  it('reports a word in braces at its line and column, with the escaped form as the fix', () => {
    const file = contentFile('lessons', 102);
    const braces = problems.filter((problem) => problem.file === file);
    expect(braces, formatReport(problems)).toEqual([
      {
        file,
        line: lineOf(file, 'Ask which {of}'),
        where: "The body of lesson 'Our Four Value Propositions'",
        message: 'has {of} (column 11): MDX runs text in braces as code, so the page fails when opened ("of is not defined")',
        fix: 'To show the braces as text, put a backslash before each: \\{of\\}. Otherwise remove them. A note to editors is written {/* like this */}.',
      },
    ]);
  });

  it('reports any other expression in a body, a module introduction included', () => {
    const file = contentFile('modules', 3);
    const expression = problems.filter((problem) => problem.file === file);
    expect(expression.map((problem) => [problem.line, `${problem.where} ${problem.message}`])).toEqual([
      [
        lineOf(file, '{1 + 2}'),
        "The body of module 'Buyer Segments and Personas' has {1 + 2} (column 1): MDX runs text in braces as code, and lessons hold text, not code",
      ],
    ]);
  });

  it('fails "<" directly followed by a digit, with a fix that says a space is fine', () => {
    const file = contentFile('lessons', 204);
    const mdx = problems.filter((problem) => problem.file === file);
    expect(mdx.map((problem) => problem.line)).toEqual([lineOf(file, 'Deals close in <20 days.')]);
    expect(mdx[0]?.message).toMatch(/^cannot be read as MDX \(column 16\): Unexpected character after `<`/);
    expect(mdx[0]?.fix).toBe(
      'In MDX, a "<" directly followed by a digit or a letter starts a component: write "less than 5%" or "&lt;5%" ("< 5%" with a space is fine). "{" starts code: write \\{ and \\} for braces shown as text. content/README.md "MDX pitfalls" lists the other causes.',
    );
  });

  it('reports nothing else: a comment and "< 20" with a space pass', () => {
    expect(problems, formatReport(problems)).toHaveLength(3);
  });
});

describe('revisions', () => {
  it('refuses a revision above 1 without its change and note, naming the file and the field; passes a complete one', () => {
    // Lessons 101 and 102 carry revisions of their own: the fixture writes theirs in place of them.
    const withoutRevision = (text: string) => text.replace(/\n(?:revision|change|changeNote|materialRevision): [^\n]*/g, '');
    const fixture = contentFixture({
      [contentFile('lessons', 101)]: (text) => replaceOnce('\nreview:', '\nrevision: 2\nreview:')(withoutRevision(text)),
      [contentFile('lessons', 102)]: (text) =>
        replaceOnce(
          '\nreview:',
          '\nrevision: 3\nchange: material\nchangeNote: "The four value propositions are now five."\nreview:',
        )(withoutRevision(text)),
      [contentFile('quizzes', 3)]: (text) =>
        replaceNth(
          /\n {4}explanation:/g,
          2,
          '\n    revision: 4\n    change: material\n    explanation:',
        )(
          replaceOnce(
            '\n    explanation:',
            '\n    revision: 2\n    change: typo\n    changeNote: "Fixed a typo."\n    materialRevision: 5\n    explanation:',
          )(text),
        ),
    });
    try {
      const problems = checkContent(fixture.root).problems;
      expect(problems.map((problem) => `${problem.file} ${problem.where} ${problem.message}`)).toEqual([
        `${contentFile('lessons', 101)} \`change\` of lesson 'Who We Are: Mission and History' is missing: revision 2 must say what changed (typo, minor or material)`,
        `${contentFile('lessons', 101)} \`changeNote\` of lesson 'Who We Are: Mission and History' is missing: revision 2 needs a one-line note on what changed`,
        `${contentFile('quizzes', 3)} \`materialRevision\` of question 1 (q1) of quiz 'Lease Types and CRE Metrics' is 5, but must be at most the revision (2) and equal to it when the change is material`,
        `${contentFile('quizzes', 3)} \`changeNote\` of question 2 (q2) of quiz 'Lease Types and CRE Metrics' is missing: revision 4 needs a one-line note on what changed`,
      ]);
      for (const problem of problems) expect(problem.line, problem.where).toBeGreaterThan(0);
    } finally {
      fixture.cleanup();
    }
  });
});

describe('links', () => {
  it('allows hosts of content/link-hosts.yaml and customer sites of the matrix; fails a real host posing as a customer', () => {
    const fixture = contentFixture({
      [contentFile('resources', 'naiop-industry-research')]: replaceOnce(
        /link: https:\/\/www\.naiop\.org[^\n]*/,
        'link: https://www.unlisted-research.org/report',
      ),
      [contentFile('lessons', 102)]: (text) =>
        `${text}\nSee [a customer](https://harborlinecommercial.example/listings), [our CRM](https://crm.parcelwise.example/accounts) and [our site](https://parcelwise.example/about).\n`,
      'content/resources/customer-examples.yaml': replaceOnce('https://tallisreed.example', 'https://www.tallisreed.com'),
    });
    try {
      const messages = checkContent(fixture.root).problems.map((problem) => `${problem.file} ${problem.message}`);
      expect(messages).toEqual([
        `${contentFile('lessons', 102)} links to https://parcelwise.example/about, whose host parcelwise.example is not known to resolve in production`,
        `${contentFile('resources', 'naiop-industry-research')} links to https://www.unlisted-research.org/report, whose host www.unlisted-research.org is not known to resolve in production`,
        'content/resources/customer-examples.yaml links to www.tallisreed.com, but customer example sites are fictional',
      ]);
    } finally {
      fixture.cleanup();
    }
  });
});

describe('knowledge-check props', () => {
  const good = { line: 1, question: 'Q?', options: ['a', 'b', 'c'], answer: 2, explanation: 'Because.', unknown: [] };

  it('accepts an answer that is an index of the options and rejects one past the end or negative', () => {
    expect(knowledgeCheckErrors(good)).toEqual([]);
    expect(knowledgeCheckErrors({ ...good, answer: 3 })[0]?.[0]).toBe(
      'has answer={3}, but its 3 options are numbered 0 to 2 (answer counts from 0)',
    );
    expect(knowledgeCheckErrors({ ...good, answer: -1 })).toHaveLength(1);
  });

  it('names missing props, options that are not texts, a non-integer answer and unknown props', () => {
    const messages = knowledgeCheckErrors({
      ...good,
      question: undefined,
      options: ['only one'],
      answer: '1',
      explanation: ' ',
      unknown: ['hint'],
    }).map(([message]) => message);
    expect(messages).toEqual([
      'has no `question`',
      'has no `explanation`',
      'needs `options` as a list of at least two texts',
      'needs `answer`, the position of the correct option counted from 0',
      'has an unknown prop `hint`',
    ]);
  });
});

describe('the build integration', () => {
  const logger = () => {
    const logged: Record<'info' | 'warn' | 'error', string[]> = { info: [], warn: [], error: [] };
    const log = (level: keyof typeof logged) => (message: string) => logged[level].push(message);
    return { logged, logger: { info: log('info'), warn: log('warn'), error: log('error') } as unknown as AstroIntegrationLogger };
  };
  const setup = (command: 'build' | 'dev', root: string, log: AstroIntegrationLogger) =>
    (contentCheck().hooks['astro:config:setup'] as (options: unknown) => void)({
      command,
      config: { root: new URL(`file://${root}/`) },
      logger: log,
    });

  it('fails `astro build` with the report, and only warns a dev server', () => {
    const fixture = contentFixture({ [contentFile('lessons', 205)]: replaceNth(/answer=\{1\}/g, 2, 'answer={9}') });
    try {
      const build = logger();
      expect(() => setup('build', fixture.root, build.logger)).toThrow(/Content check failed: 1 problem/);
      expect(build.logged.error.join()).toContain(`${contentFile('lessons', 205)}:21`);
      const dev = logger();
      expect(() => setup('dev', fixture.root, dev.logger)).not.toThrow();
      expect(dev.logged.warn.join()).toContain('has answer={9}');
    } finally {
      fixture.cleanup();
    }
  });

  it('passes a build of the committed content and is registered in astro.config.mjs', async () => {
    const build = logger();
    expect(() => setup('build', PROJECT_ROOT, build.logger)).not.toThrow();
    expect(build.logged.info).toEqual(['Content check: no problems.']);
    const config = (await import('../../astro.config.mjs')).default as { integrations: Array<{ name: string }> };
    expect(config.integrations.map((integration) => integration.name)).toContain('content-check');
  });
});
