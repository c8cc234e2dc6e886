// The header search (SPEC §2 "The search results dropdown", §3 "Search response", §7 GET /api/search).
//
// Two parts:
// - pure: `createSearchIndex(documents)` builds a MiniSearch index from plain documents and answers
//   queries with `index.query(q)`. No astro imports, so unit tests use fixtures and
//   scripts/bench/search.ts loads the documents from disk.
// - wired: `search(q)` builds the index ONCE per process from the content collections (lazily, on the
//   first search) and queries it. `src/lib/content/search-documents.ts` is imported dynamically, so importing this
//   module never pulls in `astro:content`.
//
// Only what learners can already read is indexed: titles and names, module descriptions and lesson
// titles, segment descriptions and talking points, persona titles, backgrounds and goals, quiz
// descriptions and question TEXTS. Never options, answer keys (isCorrect) or explanations, which
// would tell which option is correct.
import MiniSearch, { type SearchOptions } from 'minisearch';
import { emptySearchResponse, SEARCH_GROUP_LIMIT, type SearchResponse } from '~/lib/api/search';
import { type SearchDocuments } from '~/lib/content/search-documents';

/** Field boosts: a hit in a title or name outranks the same hit in body text. */
const SEARCH_FIELD_BOOSTS = { name: 4, subtitle: 2, text: 1 } as const;

type Kind = keyof SearchResponse;
type Hit<K extends Kind> = SearchResponse[K][number];

interface IndexedDocument {
  /** Unique across groups: "{kind}:{id}". */
  key: string;
  /** Title (modules, quizzes) or name (segments, personas). */
  name: string;
  /** A persona's job title. */
  subtitle: string;
  /** Descriptions and lists: the body text of the item. */
  text: string;
}

/** Frequent English words that would match nearly everything, mostly with prefix search on. */
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from has have how i in is it its of on or our that the their them they this to was we what when where which who why will with you your'.split(
    ' ',
  ),
);

/** Lower case, accents removed ("Café" finds "cafe"), stop words and lone letters dropped. */
export function normaliseTerm(term: string): string | null {
  const normalised = term.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  if (STOP_WORDS.has(normalised)) return null;
  if (normalised.length < 2 && !/\d/.test(normalised)) return null;
  return normalised;
}

/**
 * Search-as-you-type tolerance: every term of two or more characters also matches as a prefix
 * ("demo" → "demonstration"); terms of four or more characters tolerate one typo per five
 * characters ("leese" → "lease"). All terms must match (AND); when that finds nothing the terms are
 * combined with OR instead, so one unknown word does not hide everything else.
 */
const SEARCH_OPTIONS: SearchOptions = {
  boost: { ...SEARCH_FIELD_BOOSTS },
  prefix: (term) => term.length >= 2,
  fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
  maxFuzzy: 2,
  combineWith: 'AND',
};

const join = (parts: ReadonlyArray<string>) => parts.join('\n');

export interface SearchIndex {
  /** Ranked hits, best first, at most 8 per group; four empty groups for an empty or blank query. */
  query(q: string): SearchResponse;
  /** Number of indexed items (all groups). */
  readonly size: number;
}

/** Builds the index from plain documents (pure: no I/O, no astro). */
export function createSearchIndex(documents: SearchDocuments): SearchIndex {
  const hits = new Map<string, { kind: Kind; hit: Hit<Kind> }>();
  const indexed: IndexedDocument[] = [];
  const add = <K extends Kind>(kind: K, hit: Hit<K>, fields: Omit<IndexedDocument, 'key'>) => {
    const key = `${kind}:${hit.id}`;
    if (hits.has(key)) return; // a duplicate id would make MiniSearch throw: first one wins
    hits.set(key, { kind, hit });
    indexed.push({ key, ...fields });
  };

  for (const m of documents.modules) {
    add('modules', { id: m.id, title: m.title }, { name: m.title, subtitle: '', text: join([m.description, ...m.lessonTitles]) });
  }
  for (const s of documents.segments) {
    add('segments', { id: s.id, name: s.name }, { name: s.name, subtitle: '', text: join([s.description, ...s.talkingPoints]) });
  }
  for (const p of documents.personas) {
    add(
      'personas',
      { id: p.id, name: p.name, title: p.title },
      { name: p.name, subtitle: p.title, text: join([p.background, ...p.goals]) },
    );
  }
  for (const q of documents.quizzes) {
    add('quizzes', { id: q.id, title: q.title }, { name: q.title, subtitle: '', text: join([q.description, ...q.questionTexts]) });
  }

  const miniSearch = new MiniSearch<IndexedDocument>({
    idField: 'key',
    fields: ['name', 'subtitle', 'text'],
    processTerm: normaliseTerm,
    searchOptions: SEARCH_OPTIONS,
  });
  miniSearch.addAll(indexed);

  return {
    size: indexed.length,
    query(q: string): SearchResponse {
      const response = emptySearchResponse();
      const terms = q.trim();
      if (!terms) return response;
      let results = miniSearch.search(terms);
      if (results.length === 0) results = miniSearch.search(terms, { combineWith: 'OR' });
      for (const result of results) {
        const entry = hits.get(String(result.id));
        if (!entry) continue;
        const group = response[entry.kind] as Array<Hit<Kind>>;
        if (group.length < SEARCH_GROUP_LIMIT) group.push(entry.hit);
      }
      return response;
    },
  };
}

// ─── Wired to the content collections ─────────────────────────────────────────────────────────────

let index: Promise<SearchIndex> | null = null;

async function loadIndex(): Promise<SearchIndex> {
  const { getSearchDocuments } = await import('~/lib/content/search-documents');
  return createSearchIndex(await getSearchDocuments());
}

/** GET /api/search: the index is built on first use and kept for the life of the process. */
export async function search(q: string): Promise<SearchResponse> {
  if (!q.trim()) return emptySearchResponse();
  index ??= loadIndex().catch((error: unknown) => {
    index = null; // a failed build is retried by the next search
    throw error;
  });
  return (await index).query(q);
}
