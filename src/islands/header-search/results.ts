// The search answer as the dropdown shows it: the groups and their options' ids, and following one.
import type { SearchResponse } from '~/lib/api/search';
import { clearSearch } from '~/stores/search';

export const LISTBOX_ID = 'header-search-listbox';
export const HEADING_ID = 'header-search-heading';
export const optionId = (index: number) => `header-search-option-${index}`;

interface Item {
  href: string;
  label: string;
}

export type Group = [label: string, items: Item[]];

/** The four groups of SPEC §2 in order; empty groups are left out. */
export function groupsOf(results: SearchResponse): Group[] {
  const groups: Group[] = [
    ['Modules', results.modules.map((m) => ({ href: `/modules/${m.id}`, label: m.title }))],
    ['Segments', results.segments.map((s) => ({ href: `/segments/${s.id}`, label: s.name }))],
    ['Personas', results.personas.map((p) => ({ href: `/personas/${p.id}`, label: `${p.name} - ${p.title}` }))],
    ['Quizzes', results.quizzes.map((q) => ({ href: `/quizzes/${q.id}`, label: q.title }))],
  ];
  return groups.filter(([, items]) => items.length > 0);
}

/** Following a result clears the results (SPEC §2), then goes there. */
export function followResult(href: string): void {
  clearSearch();
  window.location.assign(href);
}
