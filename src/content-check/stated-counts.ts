/**
 * Counts the hub states about its own content must match the content: "the four cards below" when there
 * are six competitor cards, "eleven objections quote a case study" when fourteen do. Each count a
 * statement may make is listed here with how to find it in a sentence and how to count it; a statement
 * that states another number fails. A stale count tells a rep the page they are about to open is wrong.
 */
import { claimUnits } from './claim-text';
import { describePath } from './describe';
import type { Problem } from './problems';
import type { RawEntry } from './read';

const WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];
const NUMBER = String.raw`(\d+|${WORDS.join('|')})`;
const valueOf = (written: string) => (/^\d+$/.test(written) ? Number(written) : WORDS.indexOf(written.toLowerCase()));

interface StatedCount {
  /** What is counted, in words. */
  what: string;
  /** A sentence stating the count; the first group is the number. */
  pattern: RegExp;
  count: (entries: readonly RawEntry[]) => number;
  /** Where the counted entries are, for the fix. */
  where: string;
}

const inCollection = (collection: string) => (entries: readonly RawEntry[]) =>
  entries.filter((entry) => entry.source.collection === collection).length;

const STATED_COUNTS: readonly StatedCount[] = [
  {
    what: 'competitor cards',
    pattern: new RegExp(String.raw`\b${NUMBER}\s+(?:competitor\s+)?cards\b`, 'i'),
    count: inCollection('industryCompetitors'),
    where: 'content/industry/competitors.yaml',
  },
  {
    what: 'kinds of competitor',
    pattern: new RegExp(String.raw`\b${NUMBER}\s+kinds\s+of\s+competitors?\b`, 'i'),
    count: inCollection('industryCompetitors'),
    where: 'content/industry/competitors.yaml',
  },
  {
    what: 'objections that quote a case study',
    pattern: new RegExp(String.raw`\b${NUMBER}\s+objections\b[^.]*\bquote\s+a\s+case\s+study`, 'i'),
    count: (entries) =>
      entries.filter((entry) => entry.source.collection === 'objections' && entry.data['caseStudyId'] !== undefined).length,
    where: 'content/sales-kit/objections.yaml (entries with a `caseStudyId`)',
  },
  {
    what: 'case studies',
    pattern: new RegExp(String.raw`\b${NUMBER}\s+(?:customer\s+stories|case\s+studies)\b`, 'i'),
    count: inCollection('caseStudies'),
    where: 'content/sales-kit/case-studies',
  },
];

/** Every statement of a count of the hub's own content that the content does not have. */
export function checkStatedCounts(entries: readonly RawEntry[]): Problem[] {
  const counts = STATED_COUNTS.map((stated) => ({ stated, actual: stated.count(entries) }));
  return entries.flatMap((entry) =>
    claimUnits(entry).flatMap((unit) =>
      unit.sentences.flatMap((sentence) =>
        counts.flatMap(({ stated, actual }): Problem[] => {
          const written = stated.pattern.exec(sentence.text)?.[1];
          if (written === undefined || valueOf(written) === actual) return [];
          return [
            {
              file: entry.file,
              line: sentence.line,
              where: describePath(entry, unit.path),
              message: `says there are ${written} ${stated.what}, but there are ${actual}`,
              fix: `Write ${actual} (${WORDS[actual] ?? actual}), the number of ${stated.what} in ${stated.where}, or reword the sentence without a count.`,
            },
          ];
        }),
      ),
    ),
  );
}
