// The search (docs/product.md "Search", "GET /api/search").
//
// Two parts:
// - pure: `createSearchIndex(documents)` builds the index from plain documents (places with deep links,
//   and synonym sets) and answers `query(q)` (the API: every group, at most 8 each) and `results(q)` (the
//   /search page: counts, the best hits overall, snippets and deep links in every group). No astro
//   imports, so unit tests use fixtures and scripts/bench/search.ts can time it.
// - wired: `search(q)` and `searchResults(q)` build the index ONCE per process from the content (lazily,
//   on the first search). `src/lib/content/search-documents.ts` is imported dynamically, so importing this
//   module never pulls in `astro:content`.
//
// Only what staff can already read is indexed (see search-documents.ts); ranking in ./search/rank.ts.
import { emptySearchResponse, SEARCH_GROUP_LIMIT, type SearchPlaceHit, type SearchResponse } from '~/lib/api/search';
import type { SearchDocuments } from '~/lib/content/search-documents';
import { SEARCH_GROUPS, SEARCH_GROUP_LABELS, type SearchGroup } from '~/lib/search/groups';
import { isTooShort } from '~/lib/search/query';
import { createRanker, type RankedPlace } from './rank';
import { snippetParts } from './snippet';

/** The /search page shows at most this many hits per group (and says how many there are). */
const PAGE_GROUP_LIMIT = 20;
/** The /search page's "Best matches": the first hits of all groups together. */
const TOP_HITS = 3;

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
  /** The /search page's answer. */
  results(q: string): SearchResults;
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

/** Builds the index from plain documents (pure: no I/O, no astro). */
export function createSearchIndex(documents: SearchDocuments): SearchIndex {
  const ranker = createRanker(documents);
  const rank = (q: string) => (isTooShort(q) ? [] : ranker.rank(q));
  return {
    size: ranker.size,
    query(q: string): SearchResponse {
      const response = emptySearchResponse();
      const counts = new Map<SearchGroup, number>();
      for (const ranked of rank(q)) {
        const count = counts.get(ranked.place.group) ?? 0;
        if (count >= SEARCH_GROUP_LIMIT) continue;
        counts.set(ranked.place.group, count + 1);
        addHit(response, ranked);
      }
      return response;
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
  const { getSearchDocuments } = await import('~/lib/content/search-documents');
  return createSearchIndex(await getSearchDocuments());
}

function theIndex(): Promise<SearchIndex> {
  index ??= loadIndex().catch((error: unknown) => {
    index = null; // a failed build is retried by the next search
    throw error;
  });
  return index;
}

/** GET /api/search: the index is built on first use and kept for the life of the process. */
export async function search(q: string): Promise<SearchResponse> {
  if (!q.trim()) return emptySearchResponse();
  return (await theIndex()).query(q);
}

/** The /search page's results (the same index). */
export async function searchResults(q: string): Promise<SearchResults> {
  if (!q.trim()) return { tooShort: false, total: 0, top: [], groups: [] };
  return (await theIndex()).results(q);
}
