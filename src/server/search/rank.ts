// The ranking of the search (docs/decisions.md "Search order and ranking") over a MiniSearch index of places, in ranks 0 to 4:
// 0. an exact name first: the whole term is one of a place's names — its title, an alias, an abbreviation
//    or its expansion — or a glossary synonym of one ("triple net" → NNN);
// 1. then every word whole in a name, title, heading or keyword ("Dana" → Dana Whitfield);
// 2. then the same with the last word as a prefix, as it is being typed ("enter" → the Enterprise badge);
// 3. then every word whole anywhere in the text;
// 4. then the rest: prefixes and typos (typos only in words of five letters or more).
// Within a rank, MiniSearch's BM25 score with title fields boosted. Each item appears once, at its best place.
import MiniSearch, { type Query, type SearchOptions, type SearchResult } from 'minisearch';
import type { SearchDocuments } from '~/server/content/search-documents';
import type { SearchPlace } from '~/server/content/search-documents/place';
import { wordedText, type WordedText } from './snippet';
import { alternativesOf, normaliseTerm, phraseKey, synonymMap, termsOf } from './terms';

/** Field boosts: a hit in a name or title outranks the same hit in body text. */
const FIELD_BOOSTS = { names: 5, title: 3, keywords: 2, context: 1.5, text: 1 } as const;
type Field = keyof typeof FIELD_BOOSTS;
const TITLE_FIELDS: ReadonlySet<string> = new Set<Field>(['names', 'title', 'keywords']);

/** Prefix search on the last word only (the one being typed), from three letters; typos from five letters. */
const SEARCH_OPTIONS: SearchOptions = {
  boost: { ...FIELD_BOOSTS },
  prefix: (term, index, terms) => index === terms.length - 1 && term.length >= 3,
  fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
  maxFuzzy: 2,
  combineWith: 'AND',
};

type IndexedPlace = Record<Field, string> & { id: number };

export interface RankedPlace {
  place: SearchPlace;
  /** The place's text cut into words, for its snippet (cut on first use, then kept). */
  words: () => WordedText;
  /** 0 (exact name) to 4 (prefixes and typos only): see the module comment. */
  rank: number;
  score: number;
  /** The indexed words that matched (normalised, the keys), to mark in the snippet. */
  match: Readonly<Record<string, readonly string[]>>;
}

export interface Ranker {
  /** Every matching item once, at its best place, best first; nothing for a term without searchable words. */
  rank(q: string): RankedPlace[];
  /** The place sharing the most of the term's words (any of them, typos allowed), or null when none has one. */
  closest(q: string): SearchPlace | null;
  readonly size: number;
}

function indexed(place: SearchPlace, id: number): IndexedPlace {
  return {
    id,
    names: (place.names ?? []).join('\n'),
    title: [place.title, place.heading ?? ''].join('\n'),
    keywords: (place.keywords ?? []).join('\n'),
    context: place.context,
    text: place.text,
  };
}

type Match = SearchResult['match'];

/** Whether a word matched in a name, title or keyword field. (Plain loops: this runs for every result.) */
function inTitle(fields: readonly string[] | undefined): boolean {
  if (fields) for (const field of fields) if (TITLE_FIELDS.has(field)) return true;
  return false;
}

/** Whether an indexed word starting with `term` matched in a title field: the word being typed. */
function typedInTitle(term: string, match: Match): boolean {
  for (const word in match) if (word.startsWith(term) && inTitle(match[word])) return true;
  return false;
}

/** Ranks 1 to 4 for one reading of the query (its terms, or a synonym rewrite). */
function rankFor(terms: readonly string[], match: Match): number {
  const last = terms.length - 1;
  let title = true;
  let typed = true;
  let anywhere = true;
  terms.forEach((term, i) => {
    const fields = match[term];
    if (!inTitle(fields)) {
      title = false;
      if (i !== last || !typedInTitle(term, match)) typed = false;
    }
    if (!fields) anywhere = false;
  });
  if (title) return 1;
  if (typed) return 2;
  return anywhere ? 3 : 4;
}

export function createRanker({ places, synonyms: synonymSets }: SearchDocuments): Ranker {
  const synonyms = synonymMap(synonymSets);
  const byName = new Map<string, Set<number>>();
  places.forEach((place, id) => {
    for (const name of place.names ?? []) {
      const key = phraseKey(name);
      if (key) byName.set(key, (byName.get(key) ?? new Set()).add(id));
    }
  });
  const miniSearch = new MiniSearch<IndexedPlace>({
    fields: Object.keys(FIELD_BOOSTS),
    processTerm: normaliseTerm,
    searchOptions: SEARCH_OPTIONS,
  });
  miniSearch.addAll(places.map(indexed));
  const worded: Array<WordedText | undefined> = [];
  const wordsOf = (id: number) => () => (worded[id] ??= wordedText(places[id]!.text));
  const itemKeys = places.map((place) => `${place.group}:${place.item}`);

  function search(alternatives: readonly string[][]): SearchResult[] {
    const query: Query = { combineWith: 'OR', queries: alternatives.map((terms) => ({ combineWith: 'AND', queries: [terms.join(' ')] })) };
    // Every content word must match (as typed, as a prefix of the last word, or with a typo): words that
    // never occur together find nothing, rather than whatever shares one of them.
    return miniSearch.search(query);
  }

  return {
    size: places.length,
    closest(q: string): SearchPlace | null {
      const terms = termsOf(q);
      const best = terms.length === 0 ? undefined : miniSearch.search(terms.join(' '), { combineWith: 'OR' })[0];
      return best ? places[best.id as number]! : null;
    },
    rank(q: string): RankedPlace[] {
      const terms = termsOf(q);
      if (terms.length === 0) return [];
      const alternatives = alternativesOf(terms, synonyms);
      const exact = new Set(alternatives.flatMap((alternative) => [...(byName.get(phraseKey(alternative.join(' '))) ?? [])]));
      const ranked: Array<RankedPlace & { id: number }> = [];
      for (const result of search(alternatives)) {
        const id = result.id as number;
        let rank = exact.has(id) ? 0 : 4;
        for (const alternative of alternatives) if (rank > 1) rank = Math.min(rank, rankFor(alternative, result.match));
        ranked.push({ id, place: places[id]!, words: wordsOf(id), rank, score: result.score, match: result.match });
      }
      ranked.sort((a, b) => a.rank - b.rank || b.score - a.score);
      const seen = new Set<string>();
      return ranked.filter(({ id }) => !seen.has(itemKeys[id]!) && Boolean(seen.add(itemKeys[id]!)));
    },
  };
}
