// The search answer as the dropdown shows it: the groups (the spec's four first, then the rest) and
// their options' ids, and following one.
import type { SearchResponse } from '~/shared/api/search';
import { SEARCH_GROUP_LABELS, type SearchGroup } from '~/shared/search/groups';
import { clearSearch, reportOpened } from '~/stores/search';

export const LISTBOX_ID = 'header-search-listbox';
export const HEADING_ID = 'header-search-heading';
export const optionId = (index: number) => `header-search-option-${index}`;

interface Item {
  /** Unique in the answer: several results may link to one section of a page. */
  key: string;
  href: string;
  label: string;
  /** What and where it is (beyond the spec's four groups). */
  context?: string;
  /** Plain and matched words, alternating (see src/shared/api/search.ts). */
  snippet?: string[];
}

export type Group = [label: string, items: Item[]];

type Hit = SearchResponse[SearchGroup][number];

/** A spec group's hit links to /{group}/{id} (segments: /segments/{id}); a persona reads "name - title". */
const itemOf = (group: string, hit: Hit): Item => ({
  key: `${group}:${hit.id}`,
  ...('href' in hit
    ? { href: hit.href, label: hit.title, context: hit.context, snippet: hit.snippet }
    : { href: `/${group}/${hit.id}`, label: 'name' in hit ? ('title' in hit ? `${hit.name} - ${hit.title}` : hit.name) : hit.title }),
});

/** Every group with results, in display order; empty (or missing) groups are left out. */
export function groupsOf(results: SearchResponse): Group[] {
  return Object.entries(SEARCH_GROUP_LABELS)
    .map(([group, label]): Group => [label, (results[group as SearchGroup] ?? []).map((hit: Hit) => itemOf(group, hit))])
    .filter(([, items]) => items.length > 0);
}

/** Following a result tells the search log, clears the results (docs/product.md "Header search"), then goes there. */
export function followResult(href: string): void {
  reportOpened(href);
  clearSearch();
  window.location.assign(href);
}
