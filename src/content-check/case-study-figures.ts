/**
 * Case-study figures are quoted exactly (content/README.md "Case studies"): a sentence that names a
 * customer of a case study (its full name, or the first word of it: "Larchfield") may only use the
 * figures that case study gives. Each number, percentage and duration of the sentence must be one of the
 * case study's, with the same unit ("3 business days" is not "3 days"); a number without a unit must be
 * one of its numbers. A misquoted figure is the first thing a prospect checks, and a reference call then
 * contradicts the rep.
 */
import { claimUnits } from './claim-text';
import { describePath } from './describe';
import type { Problem } from './problems';
import type { RawEntry } from './read';

/** Number words, as case studies and quotes write them; "one" and "a dozen" count only before a unit. */
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  'a dozen': 12,
  ...Object.fromEntries(
    'two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
      .split(' ')
      .map((word, index) => [word, index + 2]),
  ),
  ...Object.fromEntries('thirty forty fifty sixty seventy eighty ninety'.split(' ').map((word, index) => [word, (index + 3) * 10])),
};
const NEEDS_UNIT = new Set(['one', 'a dozen']);

const FIGURE = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|${Object.keys(NUMBER_WORDS).join('|')})` +
    String.raw`(?:[\s-]+(business[\s-]days?|minutes?|hours?|days?|weeks?|months?|years?)|\s*(%|percent))?(?![\p{L}\p{N}])`,
  'giu',
);

/** One figure as written: its value and unit ("business day", "hour", "%"…; null without one). */
interface Figure {
  text: string;
  value: number;
  unit: string | null;
}

export function figuresOf(text: string): Figure[] {
  return [...text.matchAll(FIGURE)].flatMap((match): Figure[] => {
    const [written, number = '', duration, percent] = match;
    const word = number.toLowerCase();
    const unit = percent
      ? '%'
      : duration
        ? duration
            .toLowerCase()
            .replace(/[\s-]+/g, ' ')
            .replace(/s$/, '')
        : null;
    if (NEEDS_UNIT.has(word) && unit === null) return [];
    const value = NUMBER_WORDS[word] ?? Number(number.replace(/,/g, ''));
    // A year ("since 2019") is a date, not a figure of the case study.
    if (unit === null && Number.isInteger(value) && value >= 1900 && value <= 2100) return [];
    return [{ text: written.trim(), value, unit }];
  });
}

/** Every string of an entry's data. */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(textsOf)
      : value && typeof value === 'object' && !(value instanceof Date)
        ? Object.values(value).flatMap(textsOf)
        : [];

interface CaseStudyFigures {
  entry: RawEntry;
  customer: string;
  name: RegExp;
  /** "3 business day", "91 %": the figures with a unit. */
  withUnit: Set<string>;
  /** Every number it writes, whatever the unit. */
  numbers: Set<number>;
  /** The results, as a rep should quote them. */
  results: string[];
}

const keyOf = (figure: Figure) => `${figure.value} ${figure.unit ?? ''}`.trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function caseStudies(entries: readonly RawEntry[]): CaseStudyFigures[] {
  return entries
    .filter((entry) => entry.source.collection === 'caseStudies' && typeof entry.data['customer'] === 'string')
    .map((entry) => {
      const customer = entry.data['customer'] as string;
      const figures = textsOf(entry.data).flatMap(figuresOf);
      const results = Array.isArray(entry.data['results']) ? (entry.data['results'] as Array<Record<string, unknown>>) : [];
      return {
        entry,
        customer,
        name: new RegExp(String.raw`(?<![\p{L}])(?:${escape(customer)}|${escape(customer.split(' ')[0] ?? customer)})(?![\p{L}])`, 'u'),
        withUnit: new Set(figures.filter((figure) => figure.unit !== null).map(keyOf)),
        numbers: new Set(figures.map((figure) => figure.value)),
        results: results.map((result) => `${String(result['value'])} ${String(result['label'])}`),
      };
    });
}

const quotes = (study: CaseStudyFigures, figure: Figure) =>
  figure.unit === null ? study.numbers.has(figure.value) : study.withUnit.has(keyOf(figure));

/** Every sentence that names a case-study customer with a figure that case study does not give. */
export function checkCaseStudyFigures(entries: readonly RawEntry[]): Problem[] {
  const studies = caseStudies(entries);
  return entries
    .filter((entry) => entry.source.collection !== 'caseStudies')
    .flatMap((entry) =>
      claimUnits(entry).flatMap((unit) =>
        unit.sentences.flatMap((sentence): Problem[] => {
          const named = studies.filter((study) => study.name.test(sentence.text));
          if (named.length === 0) return [];
          const wrong = figuresOf(sentence.text).filter((figure) => !named.some((study) => quotes(study, figure)));
          if (wrong.length === 0) return [];
          const study = named[0]!;
          return [
            {
              file: entry.file,
              line: sentence.line,
              where: describePath(entry, unit.path),
              message: `quotes ${study.customer} with ${wrong.map((figure) => `"${figure.text}"`).join(', ')}, which its case study does not say`,
              fix: `Quote the case study's own figures exactly, with their comparison (${study.results.join('; ')}): ${study.entry.file}. If the customer measured something new, change the case study first.`,
            },
          ];
        }),
      ),
    );
}
