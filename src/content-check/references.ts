/**
 * References between entries, checked at build: every owner is a team member, every lesson, quiz,
 * persona, segment, sales situation and glossary "related term" an entry names exists (and a quiz
 * question's lesson is one that teaches, not a quiz lesson). Two entries with one id: duplicates.ts.
 */
import { describePath } from './describe';
import { closest } from './schema-check';
import type { Problem } from './problems';
import type { RawEntry } from './read';
import type { ParsedEntry } from './schema-check';

type Path = readonly PropertyKey[];

/** What exists, by collection: built from every entry read, so one broken entry does not cascade. */
class Known {
  private readonly byCollection = new Map<string, Map<string, RawEntry>>();

  constructor(entries: readonly RawEntry[]) {
    for (const entry of entries) {
      const ids = this.byCollection.get(entry.source.collection) ?? new Map<string, RawEntry>();
      const key = this.keyOf(entry);
      if (!ids.has(key)) ids.set(key, entry);
      this.byCollection.set(entry.source.collection, ids);
    }
  }

  /** Numeric collections are referred to by their `id` field; the others by the entry id. */
  private keyOf(entry: RawEntry): string {
    const authored = entry.data['id'];
    return typeof authored === 'number' || typeof authored === 'string' ? String(authored) : entry.id;
  }

  get(collection: string, id: string | number): RawEntry | undefined {
    return this.byCollection.get(collection)?.get(String(id));
  }

  ids(collection: string): string[] {
    return [...(this.byCollection.get(collection)?.keys() ?? [])];
  }
}

/** A reference an entry makes: where in the entry, to which collection, which id. */
type Reference = [path: Path, collection: string, id: unknown];

/** What each referenced collection is called, and where its entries live. */
const TARGETS: Record<string, { what: string; where: string }> = {
  companyTeam: { what: 'team member', where: 'content/company/team.yaml' },
  modules: { what: 'module', where: 'content/modules' },
  lessons: { what: 'lesson', where: 'content/lessons' },
  quizzes: { what: 'quiz', where: 'content/quizzes' },
  segments: { what: 'buyer segment', where: 'content/segments' },
  personas: { what: 'persona', where: 'content/personas' },
  salesSituations: { what: 'sales situation', where: 'content/sales-situations' },
  objections: { what: 'objection', where: 'content/sales-kit/objections.yaml' },
  practiceScenarios: { what: 'practice scenario', where: 'content/practice' },
  caseStudies: { what: 'case study', where: 'content/sales-kit/case-studies' },
  industryGlossary: { what: 'glossary term or abbreviation', where: 'content/industry/glossary.yaml or abbreviations.yaml' },
};

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const someIds = (ids: string[]) => `${ids.slice(0, 8).join(', ')}${ids.length > 8 ? ', …' : ''}`;
type Rows = Array<Record<string, unknown>>;

/** The references each collection's entries make, besides their owner. */
const REFERENCES: Record<string, (data: Record<string, unknown>, known: Known) => Reference[]> = {
  lessons: (data) => [
    [['moduleId'], 'modules', data['moduleId']],
    ...(data['quizId'] === undefined ? [] : [[['quizId'], 'quizzes', data['quizId']] as Reference]),
  ],
  quizzes: (data) =>
    list<Record<string, unknown>>(data['questions']).map((question, index): Reference => [
      ['questions', index, 'lessonId'],
      'lessons',
      question['lessonId'],
    ]),
  personas: (data) => [
    [['buyerSegmentId'], 'segments', data['buyerSegmentId']],
    ...list<Record<string, unknown>>(record(data['callPrep'])['objections']).map((objection, index): Reference => [
      ['callPrep', 'objections', index, 'situationId'],
      'salesSituations',
      objection['situationId'],
    ]),
  ],
  discoveryQuestions: (data) => [
    ...list<number>(data['personaIds']).map((id, index): Reference => [['personaIds', index], 'personas', id]),
    ...list<number>(data['segmentIds']).map((id, index): Reference => [['segmentIds', index], 'segments', id]),
  ],
  caseStudies: (data) => [[['segmentId'], 'segments', data['segmentId']]],
  programs: (data) =>
    list<Record<string, unknown>>(data['items']).flatMap((item, index): Reference[] => {
      const target = (
        {
          lesson: ['lessonId', 'lessons'],
          module: ['moduleId', 'modules'],
          mastery: ['moduleId', 'modules'],
          quiz: ['quizId', 'quizzes'],
          practice: ['scenarioId', 'practiceScenarios'],
        } as const
      )[String(item['kind']) as 'lesson'];
      const lessons = list<number>(item['lessonIds']).map((id, position): Reference => [
        ['items', index, 'lessonIds', position],
        'lessons',
        id,
      ]);
      return target ? [[['items', index, target[0]], target[1], item[target[0]]]] : lessons;
    }),
  prospecting: (data) => [[['personaId'], 'personas', data['personaId']]],
  pricingPolicy: (data) =>
    (list(data['discountRules']) as Rows).flatMap((rule, ruleIndex) =>
      list<string>(rule['approverIds']).map((id, index): Reference => [
        ['discountRules', ruleIndex, 'approverIds', index],
        'companyTeam',
        id,
      ]),
    ),
  objections: (data) => [
    ...list<number>(data['personaIds']).map((id, index): Reference => [['personaIds', index], 'personas', id]),
    ...list<string>(data['situationIds']).map((id, index): Reference => [['situationIds', index], 'salesSituations', id]),
    ...(data['caseStudyId'] === undefined ? [] : [[['caseStudyId'], 'caseStudies', data['caseStudyId']] as Reference]),
  ],
  icp: (data) => [
    ...(list(data['targetPersonas']) as Rows).flatMap((group, groupIndex) =>
      list<number>(group['personaIds']).map((id, index): Reference => [
        ['targetPersonas', groupIndex, 'personaIds', index],
        'personas',
        id,
      ]),
    ),
    [['negativePersona', 'personaId'], 'personas', record(data['negativePersona'])['personaId']],
  ],
  salesSituations: (data) =>
    (list(data['plays']) as Rows).flatMap((play, playIndex) =>
      (list(play['links']) as Rows).flatMap((link, index): Reference[] => {
        const segment = /^\/buyer-segments\/(\d+)$/.exec(String(link['href']))?.[1];
        return segment ? [[['plays', playIndex, 'links', index, 'href'], 'segments', segment]] : [];
      }),
    ),
  practiceScenarios: (data) => {
    const material = (path: Path, value: unknown): Reference[] => {
      const taught = record(value);
      if (taught['lesson'] !== undefined) return [[[...path, 'lesson'], 'lessons', taught['lesson']]];
      if (taught['situation'] !== undefined) return [[[...path, 'situation'], 'salesSituations', taught['situation']]];
      if (taught['objection'] !== undefined) return [[[...path, 'objection'], 'objections', taught['objection']]];
      return [];
    };
    return [
      [['personaId'], 'personas', data['personaId']],
      ...material(['rehearses'], data['rehearses']),
      ...list<Record<string, unknown>>(data['rubric']).flatMap((item, index) => material(['rubric', index, 'teaches'], item['teaches'])),
    ];
  },
  industryGlossary: (data, known) =>
    list<string>(data['related'])
      .map((term, index): Reference => [['related', index], 'industryGlossary', term])
      .filter(([, , term]) => !known.get('industryAbbreviations', String(term))),
};

/** The references one entry makes: its owner, then what its collection refers to. */
function referencesOf(entry: ParsedEntry, known: Known): Reference[] {
  const owner: Reference = [['review', 'owner'], 'companyTeam', record(entry.parsed['review'])['owner']];
  return [owner, ...(REFERENCES[entry.source.collection]?.(entry.parsed, known) ?? [])];
}

/** A quiz question must point at a lesson that teaches, not at a quiz lesson. */
function quizLessonProblems(entry: ParsedEntry, known: Known): Problem[] {
  if (entry.source.collection !== 'quizzes') return [];
  return list<Record<string, unknown>>(entry.parsed['questions']).flatMap((question, index) => {
    const lesson = known.get('lessons', question['lessonId'] as number);
    if (lesson?.data['type'] !== 'quiz') return [];
    const path = ['questions', index, 'lessonId'];
    return [
      at(
        entry,
        path,
        `names lesson ${String(question['lessonId'])}, which is a quiz lesson, not one that teaches the answer`,
        'Use the id of the article, video or interactive lesson whose body teaches the answer.',
      ),
    ];
  });
}

const present = (id: unknown): id is string | number =>
  (typeof id === 'string' && id.length > 0) || (typeof id === 'number' && Number.isFinite(id));

const at = (entry: ParsedEntry, path: Path, message: string, fix: string): Problem => ({
  file: entry.file,
  line: entry.lineOf(path),
  where: describePath({ source: entry.source, id: entry.id, data: entry.data }, path),
  message,
  fix,
});

function brokenReference(entry: ParsedEntry, [path, collection, id]: Reference, known: Known): Problem {
  const target = TARGETS[collection] ?? { what: collection, where: 'content' };
  const suggestion = typeof id === 'string' && !/^\d+$/.test(id) ? closest(id, known.ids(collection)) : null;
  const fix =
    collection === 'industryGlossary'
      ? 'Name a term of content/industry/glossary.yaml or an abbreviation of abbreviations.yaml exactly as written there, or add the term.'
      : `Use the id of a ${target.what} in ${target.where} (${someIds(known.ids(collection))}).`;
  return at(
    entry,
    path,
    `names ${target.what} "${String(id)}", which does not exist`,
    suggestion ? `${fix} Did you mean "${suggestion}"?` : fix,
  );
}

/**
 * Every broken reference. `all` is every entry read; `entries` carry their parsed data,
 * or their raw data when their schema failed (so their references are checked too; the schema problems
 * already report a missing or malformed id).
 */
export function checkReferences(all: readonly RawEntry[], entries: readonly ParsedEntry[]): Problem[] {
  const known = new Known(all);
  const broken = entries.flatMap((entry) =>
    referencesOf(entry, known)
      .filter(([, collection, id]) => present(id) && !known.get(collection, id))
      .map((ref) => brokenReference(entry, ref, known)),
  );
  return [...broken, ...entries.flatMap((entry) => quizLessonProblems(entry, known))];
}
