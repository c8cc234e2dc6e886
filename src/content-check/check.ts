/**
 * The content check the build runs before Astro's content sync (src/integrations/content-check.ts) and
 * tests call directly: reads every collection's files, checks every entry against its schema, the
 * references between entries (and links to hub pages), duplicate ids and places, buyers' titles against
 * their roles, pictures (repository files, with their text), the MDX bodies and their knowledge checks,
 * teach before test (learning path and programs), the links, the quiz bank, the review load (no owner
 * of more than a quarter of the entries, no week with a pile of reviews due), the ICP tiers (every firm
 * in one tier or a disqualifier), and the product claims: each rests on a fact of content/facts it
 * cites, case-study figures are quoted exactly, and the counts the hub states of its own content are
 * right.
 * Returns EVERY problem found, in words an editor understands, plus the entries that passed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { checkBuyingRoles } from './buying-roles';
import { checkCaseStudyFigures } from './case-study-figures';
import { checkClaims } from './claims';
import { describePath } from './describe';
import { checkDuplicates } from './duplicates';
import { checkIcpTiers } from './icp-tiers';
import { checkHubLinks } from './hub-links';
import { checkMdxBodies } from './knowledge-checks';
import { checkMedia } from './media';
import { checkLinks, LINK_HOSTS_FILE } from './links';
import type { Problem } from './problems';
import { checkNamedReferences } from './named-references';
import { checkMilestonePrograms, checkPrograms } from './programs';
import { lintQuizBank, type BankQuestion } from './quiz-bank';
import { readContent } from './read';
import { checkReferences } from './references';
import { checkReviewLoad } from './review-load';
import { checkSchemas, type ParsedEntry } from './schema-check';
import { checkStatedCounts } from './stated-counts';
import { checkTeachBeforeTest } from './teach-before-test';
import { CONTENT_SOURCES } from './sources';
import { type ContentSource } from './source-helpers';

export interface ContentCheck {
  problems: Problem[];
  /** Every entry that passed its schema, with its parsed data. */
  entries: ParsedEntry[];
}

/** The hosts of content/link-hosts.yaml (a list of { host, what }). */
function readLinkHosts(root: string, problems: Problem[]): Set<string> {
  const problem = (message: string): Set<string> => {
    problems.push({
      file: LINK_HOSTS_FILE,
      line: null,
      where: 'The list of link hosts',
      message,
      fix: 'Write a list of "- host: www.example.org" items, each with a `what:` line.',
    });
    return new Set();
  };
  let list: unknown;
  try {
    list = parse(readFileSync(join(root, LINK_HOSTS_FILE), 'utf8'));
  } catch (error) {
    return problem(`cannot be read: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (!Array.isArray(list)) return problem('is not a list');
  const hosts = list.map((item: unknown) => (item && typeof item === 'object' ? (item as { host?: unknown }).host : undefined));
  if (hosts.some((host) => typeof host !== 'string' || !/^[a-z0-9.-]+$/.test(host)))
    return problem('has an item without a plain lower-case `host`');
  return new Set(hosts as string[]);
}

function bankQuestions(entries: readonly ParsedEntry[]): BankQuestion[] {
  return entries
    .filter((entry) => entry.source.collection === 'quizzes')
    .flatMap((quiz) =>
      (quiz.parsed['questions'] as Array<{ text: string; options: Array<{ text: string; isCorrect: boolean }> }>).map(
        (question, index) => ({
          file: quiz.file,
          line: quiz.lineOf(['questions', index]),
          where: describePath(quiz, ['questions', index]),
          text: question.text,
          options: question.options,
        }),
      ),
    );
}

/** Every problem in the content under `root` (the project folder). */
export function checkContent(root: string, sources: readonly ContentSource[] = CONTENT_SOURCES): ContentCheck {
  const read = readContent(root, sources);
  const schemas = checkSchemas(read.entries);
  const problems: Problem[] = [...read.problems, ...schemas.problems];
  const hosts = readLinkHosts(root, problems);
  const mdx = checkMdxBodies(read.entries);
  const passed = new Map(schemas.parsed.map((entry) => [entry.file + entry.id, entry]));
  const withData = read.entries.map((entry) => passed.get(entry.file + entry.id) ?? { ...entry, parsed: entry.data });
  problems.push(
    ...checkReferences(read.entries, withData),
    ...checkNamedReferences(read.entries),
    ...checkPrograms(schemas.parsed),
    ...checkMilestonePrograms(schemas.parsed, read.entries),
    ...checkTeachBeforeTest(schemas.parsed, withData),
    ...mdx.problems,
    ...checkLinks(read.entries, hosts),
    ...checkHubLinks(read.entries),
    ...checkDuplicates(root, read.entries),
    ...checkBuyingRoles(read.entries),
    ...checkMedia(root, read.entries),
    ...lintQuizBank(bankQuestions(schemas.parsed), mdx.checks),
    ...checkReviewLoad(schemas.parsed),
    ...checkClaims(read.entries),
    ...checkIcpTiers(schemas.parsed),
    ...checkCaseStudyFigures(read.entries),
    ...checkStatedCounts(read.entries),
  );
  return { problems, entries: schemas.parsed };
}
