/**
 * The statements the claim rules read (./claims.ts, ./case-study-figures.ts, ./stated-counts.ts and the
 * wording rule of ./icp-tiers.ts): every entry of a collection whose text reps repeat, cut into units
 * that each cite their own facts — a quiz question, a coach play, an IT answer, or the rest of the entry
 * — and each unit's text cut into sentences with their line. A wrong quiz option or knowledge-check
 * option is no statement (it is meant to be wrong), so only the correct one is read.
 */
import type { RawEntry } from './read';

type Path = Array<string | number>;

/**
 * Collections that hold no claims reps repeat: the facts themselves, plans, people, industry reference,
 * and the company profile, whose `facts` field is the headline company facts (founded, team, languages),
 * kept true by their own tests.
 */
export const UNCITED_COLLECTIONS: ReadonlySet<string> = new Set([
  'facts',
  'company',
  'programs',
  'rampMilestones',
  'companyTeam',
  'externalTools',
  'industryGlossary',
  'industryAbbreviations',
  'industryLeaseTypes',
]);

/** Lists whose items are statements of their own, each citing its own `facts`. */
export const UNIT_LISTS: Readonly<Record<string, string>> = { quizzes: 'questions', salesSituations: 'plays', itSecurity: 'items' };

/** Fields that are ids, addresses or choices, not sentences (and a coach situation's search `keywords`). */
const NOT_TEXT = new Set([
  'review',
  'facts',
  'id',
  'icon',
  'color',
  'emoji',
  'url',
  'href',
  'link',
  'avatar',
  'videoUrl',
  'caseStudyId',
  'situationIds',
  'category',
  'stage',
  'status',
  'type',
  'group',
  'segment',
  'role',
  'difficulty',
]);

export interface Sentence {
  text: string;
  line: number | null;
}

/** A statement unit: where it is in its entry, the facts it cites, and its sentences. */
export interface ClaimUnit {
  entry: RawEntry;
  /** [] for the entry itself, ['questions', 2] for a quiz question. */
  path: Path;
  cites: string[];
  sentences: Sentence[];
}

const ABBREVIATION = /\b(?:e\.g|i\.e|vs|etc|approx|St|No|Inc|U\.S)\.$/;

/** A sentence on one line: line breaks (and a quote's ">" after one) read as spaces. */
const oneLine = (text: string) =>
  text
    .replace(/\n\s*>\s?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Sentences of a text, split after ".", "!" or "?" followed by a space; `lineOf` maps an offset to a line. */
export function sentencesOf(text: string, lineOf: (offset: number) => number | null): Sentence[] {
  const found: Sentence[] = [];
  let start = 0;
  for (const match of text.matchAll(/[.!?]["”’)]*\s+/g)) {
    const end = match.index + match[0].length;
    if (ABBREVIATION.test(text.slice(start, match.index + 1))) continue;
    found.push({ text: oneLine(text.slice(start, end)), line: lineOf(start) });
    start = end;
  }
  found.push({ text: oneLine(text.slice(start)), line: lineOf(start) });
  return found.filter((sentence) => sentence.text !== '');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** The sentences of a YAML value, field by field, skipping `skip` (a unit list read on its own) and wrong options. */
function yamlSentences(entry: RawEntry, value: unknown, path: Path, skip: string | null): Sentence[] {
  if (typeof value === 'string') return sentencesOf(value, () => entry.lineOf(path));
  if (Array.isArray(value)) return value.flatMap((item, index) => yamlSentences(entry, item, [...path, index], null));
  if (!isRecord(value) || value['isCorrect'] === false) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    NOT_TEXT.has(key) || key === skip || (key === 'keywords' && entry.source.collection === 'salesSituations')
      ? []
      : yamlSentences(entry, item, [...path, key], null),
  );
}

const KNOWLEDGE_CHECK = /<KnowledgeCheck\b((?:[^>"'{}]|"[^"]*"|'[^']*'|\{[^}]*\})*?)\/>/g;

/** A knowledge check as its statements: the question, the correct option and the explanation, on its first line. */
function checkStatements(component: string, attributes: string): string {
  const prop = (name: string) => new RegExp(String.raw`\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? '';
  let correct = '';
  try {
    const options = JSON.parse(/\boptions=\{(\[[\s\S]*?\])\}/.exec(attributes)?.[1] ?? '[]') as unknown[];
    const answer = Number(/\banswer=\{(\d+)\}/.exec(attributes)?.[1]);
    correct = typeof options[answer] === 'string' ? options[answer] : '';
  } catch {
    // a malformed check is reported by the MDX check; its options are then not read
  }
  const text = [prop('question'), correct, prop('explanation')].filter((part) => part !== '').join(' ');
  return `${text.replace(/\n/g, ' ')}${'\n'.repeat(component.split('\n').length - 1)}`;
}

/** The sentences of an MDX body: paragraphs, list items, table rows and headings apart, knowledge checks as their statements. */
function bodySentences(body: string, firstLine: number): Sentence[] {
  const lines = body.replace(KNOWLEDGE_CHECK, checkStatements).split('\n');
  const blocks: Array<{ line: number; lines: string[] }> = [];
  lines.forEach((text, index) => {
    const quoteGoesOn = /^\s*>/.test(text) && /^\s*>/.test(lines[index - 1] ?? '');
    const starts = (/^\s*(?:$|[-*+] |\d+[.)] |\||#|>|<)/.test(text) && !quoteGoesOn) || blocks.length === 0;
    if (starts) blocks.push({ line: firstLine + index, lines: [] });
    if (text.trim() !== '') blocks.at(-1)!.lines.push(text);
  });
  return blocks.flatMap((block) => {
    const text = block.lines.join('\n');
    return sentencesOf(text, (offset) => block.line + text.slice(0, offset).split('\n').length - 1);
  });
}

const citesOf = (value: unknown): string[] =>
  isRecord(value) && Array.isArray(value['facts']) ? value['facts'].filter((id): id is string => typeof id === 'string') : [];

/** The statement units of one entry (none for a collection without claims). */
export function claimUnits(entry: RawEntry): ClaimUnit[] {
  if (UNCITED_COLLECTIONS.has(entry.source.collection)) return [];
  const listKey = UNIT_LISTS[entry.source.collection] ?? null;
  const own: ClaimUnit = {
    entry,
    path: [],
    cites: citesOf(entry.data),
    sentences: [
      ...yamlSentences(entry, entry.data, [], listKey),
      ...(entry.body === undefined ? [] : bodySentences(entry.body, entry.bodyLine ?? 1)),
    ],
  };
  const items = listKey && Array.isArray(entry.data[listKey]) ? (entry.data[listKey] as unknown[]) : [];
  return [
    own,
    ...items.map((item, index): ClaimUnit => {
      const path: Path = [listKey!, index];
      return { entry, path, cites: citesOf(item), sentences: yamlSentences(entry, item, path, null) };
    }),
  ];
}

/** Every fact id an entry cites, wherever in it (for the reviews a fact reopens). */
export function citedFacts(data: unknown): string[] {
  if (Array.isArray(data)) return data.flatMap(citedFacts);
  if (!isRecord(data)) return [];
  return [...new Set([...citesOf(data), ...Object.values(data).flatMap(citedFacts)])];
}
