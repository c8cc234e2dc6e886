// The header search's state (docs/product.md "Header search": empty, too short, results shown, cleared,
// 'Search failed'). Typing schedules GET /api/search ~200 ms after the
// last keystroke; every new keystroke or Clear aborts the request in flight and bumps a sequence number,
// so an older answer never overwrites a newer one. A term of single letters is not sent: it is 'short'.
// Each run of typing (from an empty box to the next clear) carries a random id, so the search log counts
// what the run settled on once; a result followed from the dropdown is told to the log as a beacon.
import { atom } from 'nanostores';
import { apiRequest } from '~/stores/api-client';
import { reportOpenedResult } from '~/stores/search-opened';
import type { SearchResponse } from '~/shared/api/search';
import { isTooShort } from '~/shared/search/query';
import { showToast } from '~/shared/toast';

export const SEARCH_DEBOUNCE_MS = 200;

export interface SearchState {
  /** What the search box shows. */
  query: string;
  /** The latest answer for the current query; kept while the next one loads; null when empty or cleared. */
  results: SearchResponse | null;
  /** 'short': every word is a single character, so nothing is searched ("Type at least two letters"). */
  status: 'idle' | 'short' | 'loading' | 'done' | 'error';
}

const INITIAL: SearchState = { query: '', results: null, status: 'idle' };

export const $search = atom<SearchState>(INITIAL);

/**
 * How many times the search was cleared: the box itself is uncontrolled (React never writes what someone
 * types), so a clear is the one time it is emptied from outside.
 */
export const $searchClears = atom(0);

let sequence = 0;
/** The current run of typing (see src/shared/api/search.ts), and the term the shown results answer. */
let typing: string | null = null;
let answered = '';
let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: AbortController | null = null;

/** Forgets the scheduled and the running request: their answers are dropped. */
function cancel(): number {
  clearTimeout(timer);
  inFlight?.abort();
  inFlight = null;
  return ++sequence;
}

async function run(query: string, ticket: number): Promise<void> {
  const controller = new AbortController();
  inFlight = controller;
  try {
    const inRun = typing ? `&typing=${typing}` : '';
    const results = await apiRequest<SearchResponse>('GET', `/api/search?q=${encodeURIComponent(query)}${inRun}`, undefined, {
      signal: controller.signal,
    });
    if (ticket !== sequence) return;
    answered = query;
    $search.set({ ...$search.get(), results, status: 'done' });
  } catch (error) {
    if (ticket !== sequence || controller.signal.aborted) return;
    console.error('Search failed', error);
    $search.set({ ...$search.get(), results: null, status: 'error' });
    showToast({ title: 'Search failed', description: 'Could not perform search at this time', variant: 'destructive' });
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

/**
 * The search box changed: a blank text empties the results, a too-short one asks for more, anything else
 * is searched ~200 ms after `typedAt` (a `performance.now()` time: the last key press; now, by default).
 * Text typed before the island hydrated is searched as soon as that time has passed.
 */
export function setSearchQuery(query: string, typedAt: number = performance.now()): void {
  const ticket = cancel();
  if (!$search.get().query.trim())
    typing = Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  if (!query.trim() || isTooShort(query)) {
    $search.set({ query, results: null, status: query.trim() ? 'short' : 'idle' });
    return;
  }
  $search.set({ ...$search.get(), query, status: 'loading' });
  const wait = Math.max(0, SEARCH_DEBOUNCE_MS - (performance.now() - typedAt));
  timer = setTimeout(() => void run(query, ticket), wait);
}

/** Clear (and following a result): empties both the input and the results. */
export function clearSearch(): void {
  cancel();
  typing = null;
  answered = '';
  $search.set(INITIAL);
  $searchClears.set($searchClears.get() + 1);
}

/** A result of the shown answer was opened (followed, or opened in a new tab): tells the search log. */
export function reportOpened(href: string): void {
  if (answered) reportOpenedResult({ q: answered, href, ...(typing ? { typing } : {}) });
}
