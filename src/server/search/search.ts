// The search (docs/product.md "Search", "GET /api/search").
//
// Two parts:
// - pure: `createSearchIndex(documents)` builds the index from plain documents (places with deep links,
//   and synonym sets) and answers `query(q)` (the API: every group, at most 8 each) and `results(q)` (the
//   /search page: counts, the best hits overall, snippets and deep links in every group). No astro
//   imports, so unit tests use fixtures and scripts/bench/search.ts can time it.
// - wired: `search(q)` and `searchResults(q)` build the index ONCE per process from the content (lazily,
//   on the first search), and log the search (./search-log.ts) after the answer.
//   `src/server/content/search-documents.ts` is imported dynamically, so importing this module never pulls
//   in `astro:content`.
//
// Only what staff can already read is indexed (see search-documents.ts); ranking in ./search/rank.ts.
import { emptySearchResponse, SEARCH_GROUP_LIMIT, type SearchPlaceHit, type SearchResponse } from '~/shared/api/search';
import type { SearchDocuments } from '~/server/content/search-documents';
import { SEARCH_GROUPS, SEARCH_GROUP_LABELS, type SearchGroup } from '~/shared/search/groups';
import { isTooShort } from '~/shared/search/query';
import { HttpError } from '~/server/errors';
import { createRanker, type RankedPlace } from './rank';
import { logOpenedResult, logSearch } from './search-log';
import { snippetParts } from './snippet';

/** The /search page shows at most this many hits per group (and says how many there are). */
const PAGE_GROUP_LIMIT = 20;
/** The /search page's "Best matches": the first hits of all groups together. */
const TOP_HITS = 3;
/** The spec's four groups: the header box links their hits by group and id. */
const SPEC_GROUPS: ReadonlySet<SearchGroup> = new Set(['modules', 'segments', 'personas', 'quizzes']);

/** A hit on the /search page: any group, with its snippet and deep link. */
export interface SearchPageHit extends Omit<SearchPlaceHit, 'id'> {
  group: SearchGroup;
}

export interface SearchResults {
  /** The term had words, but none of two or more characters: nothing was searched. */
  tooShort: boolean;
  /** Every hit of every group, counted. */
  total: number;
  /** The best hits of all groups together, best first. */
  top: SearchPageHit[];
  /** The groups that have hits, in dropdown order: the spec's four, then the rest. */
  groups: Array<{ group: SearchGroup; label: string; total: number; hits: SearchPageHit[] }>;
}

export interface SearchIndex {
  /** GET /api/search: every group, ranked, at most 8 each; all empty for a blank or too-short term. */
  query(q: string): SearchResponse;
  /** The API answer and how many results there are in all (beyond the 8 a group shows). */
  answer(q: string): { response: SearchResponse; total: number };
  /** The /search page's answer. */
  results(q: string): SearchResults;
  /** Whether a link is one of the term's results, as the header box or the /search page shows it. */
  isResultLink(q: string, href: string): boolean;
  /** The place that shares the most of the term's words, when no place has them all: what a synonym could point at. */
  closest(q: string): { title: string; href: string } | null;
  /** Number of indexed places. */
  readonly size: number;
}

function placeHit({ place, words, match }: RankedPlace): SearchPlaceHit {
  return {
    id: place.item,
    title: place.title,
    context: place.heading ? `${place.context} · ${place.heading}` : place.context,
    snippet: snippetParts(words(), new Set(Object.keys(match))),
    href: place.href,
  };
}

/** Adds one ranked place to its group of the API answer, in the spec's shape for the spec's four groups. */
function addHit(response: SearchResponse, ranked: RankedPlace): void {
  const { place } = ranked;
  const id = Number(place.item);
  if (place.group === 'modules' || place.group === 'quizzes') response[place.group].push({ id, title: place.title });
  else if (place.group === 'segments') response.segments.push({ id, name: place.title });
  else if (place.group === 'personas') response.personas.push({ id, name: place.title, title: place.context });
  else response[place.group].push(placeHit(ranked));
}

const pageHit = (ranked: RankedPlace): SearchPageHit => {
  const { id: _id, ...hit } = placeHit(ranked);
  return { group: ranked.place.group, ...hit };
};

/** The API answer: every group, at most 8 each, and how many results there are in all. */
function apiAnswer(ranked: readonly RankedPlace[]): { response: SearchResponse; total: number } {
  const response = emptySearchResponse();
  const counts = new Map<SearchGroup, number>();
  for (const hit of ranked) {
    const count = counts.get(hit.place.group) ?? 0;
    if (count >= SEARCH_GROUP_LIMIT) continue;
    counts.set(hit.place.group, count + 1);
    addHit(response, hit);
  }
  return { response, total: ranked.length };
}

/** Builds the index from plain documents (pure: no I/O, no astro). */
export function createSearchIndex(documents: SearchDocuments): SearchIndex {
  const ranker = createRanker(documents);
  const rank = (q: string) => (isTooShort(q) ? [] : ranker.rank(q));
  return {
    size: ranker.size,
    query: (q) => apiAnswer(rank(q)).response,
    answer: (q) => apiAnswer(rank(q)),
    // The header box links the spec's four groups as /{group}/{id}; everything else by the place's link.
    isResultLink: (q, href) =>
      rank(q).some(({ place }) => place.href === href || (SPEC_GROUPS.has(place.group) && href === `/${place.group}/${place.item}`)),
    closest(q) {
      const place = isTooShort(q) ? null : ranker.closest(q);
      return place && { title: place.title, href: place.href };
    },
    results(q: string): SearchResults {
      const ranked = rank(q);
      const byGroup = Map.groupBy(ranked, (hit) => hit.place.group);
      return {
        tooShort: isTooShort(q),
        total: ranked.length,
        top: ranked.slice(0, TOP_HITS).map(pageHit),
        groups: SEARCH_GROUPS.flatMap((group) => {
          const hits = byGroup.get(group) ?? [];
          if (hits.length === 0) return [];
          return [{ group, label: SEARCH_GROUP_LABELS[group], total: hits.length, hits: hits.slice(0, PAGE_GROUP_LIMIT).map(pageHit) }];
        }),
      };
    },
  };
}

// ─── Wired to the content collections ─────────────────────────────────────────────────────────────

let index: Promise<SearchIndex> | null = null;

async function loadIndex(): Promise<SearchIndex> {
  const { getSearchDocuments } = await import('~/server/content/search-documents');
  return createSearchIndex(await getSearchDocuments());
}

function theIndex(): Promise<SearchIndex> {
  index ??= loadIndex().catch((error: unknown) => {
    index = null; // a failed build is retried by the next search
    throw error;
  });
  return index;
}

/** Who searched is never logged: only the term, its typing run in the header box, and when. */
export interface SearchLogContext {
  typing: string | null;
  now: Date;
}

/** A search to log: also who searched, for the once-a-day and per-minute limits (search-log.ts). */
export interface SearchContext extends SearchLogContext {
  searcher: string;
}

/** GET /api/search: the index is built on first use and kept for the life of the process; logged after the answer. */
export async function search(q: string, log?: SearchContext): Promise<SearchResponse> {
  if (!q.trim()) return emptySearchResponse();
  const { response, total } = (await theIndex()).answer(q);
  if (log) logSearch(q, total, log.typing, log.searcher, log.now);
  return response;
}

/** The /search page's results (the same index), logged after the answer. */
export async function searchResults(q: string, log?: SearchContext): Promise<SearchResults> {
  if (!q.trim()) return { tooShort: false, total: 0, top: [], groups: [] };
  const results = (await theIndex()).results(q);
  if (log) logSearch(q, results.total, log.typing, log.searcher, log.now);
  return results;
}

/** POST /api/search/opened: a result someone opened, logged when it is one of the term's results (else 400). */
export async function recordOpenedResult(q: string, href: string, log: SearchLogContext): Promise<void> {
  if (!(await theIndex()).isResultLink(q, href)) throw new HttpError(400, 'href: not a result of this search');
  await logOpenedResult(q, href, log.typing, log.now);
}

/** What a term finds today and, when nothing, the closest place (content health's advice). */
export async function searchOutcome(q: string): Promise<{ results: number; closest: { title: string; href: string } | null }> {
  const index = await theIndex();
  const results = index.answer(q).total;
  return { results, closest: results === 0 ? index.closest(q) : null };
}

/** Persona ids the search finds for a text, best first: the hub asking on a person's behalf, so nothing is logged. */
export async function personaFinder(): Promise<(text: string) => number[]> {
  const index = await theIndex();
  return (text) => (text.trim() ? index.query(text).personas.map((persona) => persona.id) : []);
}
