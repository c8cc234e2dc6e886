import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptySearchResponse, type SearchOpenedRequest, type SearchResponse } from '~/shared/api/search';
import { $search, clearSearch, reportOpened, SEARCH_DEBOUNCE_MS, setSearchQuery } from './search';
import type { ToastText } from '~/shared/toast';

const answer = (title: string): SearchResponse => ({ ...emptySearchResponse(), modules: [{ id: 1, title }] });

/** A fetch whose answers the test releases one by one, per query. */
function controlledFetch() {
  const pending = new Map<string, (response: Response) => void>();
  const calls: string[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const q = new URL(String(input), 'http://localhost').searchParams.get('q') ?? '';
    calls.push(q);
    return new Promise<Response>((resolve, reject) => {
      pending.set(q, resolve);
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
  });
  const release = async (q: string, body: unknown, status = 200) => {
    pending.get(q)?.(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
    await vi.advanceTimersByTimeAsync(0);
  };
  return { fetchMock, calls, release };
}

let net: ReturnType<typeof controlledFetch>;
let toasts: ToastText[];
let opened: SearchOpenedRequest[];
beforeEach(() => {
  vi.useFakeTimers();
  net = controlledFetch();
  vi.stubGlobal('fetch', net.fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  clearSearch();
  // The page's window, where raised toasts and opened results go (the layout's scripts listen there).
  toasts = [];
  opened = [];
  const window = new EventTarget();
  window.addEventListener('parcelwise:toast', (event) => toasts.push((event as CustomEvent<ToastText>).detail));
  window.addEventListener('parcelwise:search-opened', (event) => opened.push((event as CustomEvent<SearchOpenedRequest>).detail));
  vi.stubGlobal('window', Object.assign(window, { CustomEvent }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('search store', () => {
  it('waits for a pause in typing, then asks once for the latest text, URL-encoded', async () => {
    setSearchQuery('l');
    setSearchQuery('le');
    setSearchQuery('lease & co');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(net.fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    expect(String(net.fetchMock.mock.calls[0]?.[0])).toMatch(/^\/api\/search\?q=lease%20%26%20co&typing=[0-9a-f]{12}$/);
    await net.release('lease & co', answer('Leases'));
    expect($search.get()).toEqual({ query: 'lease & co', results: answer('Leases'), status: 'done' });
  });

  it('counts the pause from the last key typed: text typed before the island loaded waits only what is left', async () => {
    vi.spyOn(performance, 'now').mockReturnValue(10_000);
    setSearchQuery('lease', 10_000 - 150); // typed 150 ms ago, while the island was loading
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 150 - 1);
    expect(net.fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(net.calls).toEqual(['lease']);

    setSearchQuery('broker', 10_000 - 900); // the pause is long over: searched at once
    await vi.advanceTimersByTimeAsync(0);
    expect(net.calls).toEqual(['lease', 'broker']);

    setSearchQuery('tenant'); // a key typed now waits the whole pause
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(net.calls).toEqual(['lease', 'broker']);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.calls).toEqual(['lease', 'broker', 'tenant']);
  });

  it('never lets an older answer overwrite a newer one', async () => {
    setSearchQuery('lea');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    setSearchQuery('lease');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(net.calls).toEqual(['lea', 'lease']);
    await net.release('lease', answer('New'));
    await net.release('lea', answer('Old'));
    expect($search.get().results).toEqual(answer('New'));
  });

  it('drops an answer that arrives after Clear, and Clear empties query and results', async () => {
    setSearchQuery('lease');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    clearSearch();
    await net.release('lease', answer('Late'));
    expect($search.get()).toEqual({ query: '', results: null, status: 'idle' });
  });

  it('does not ask for an empty or blank text and empties the results', async () => {
    setSearchQuery('lease');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await net.release('lease', answer('Leases'));
    setSearchQuery('   ');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(net.fetchMock).toHaveBeenCalledTimes(1);
    expect($search.get()).toEqual({ query: '   ', results: null, status: 'idle' });
  });

  it('does not ask for a term of single letters: it is too short (and drops the answer in flight)', async () => {
    setSearchQuery('lease');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    setSearchQuery('l');
    await net.release('lease', answer('Late'));
    setSearchQuery('a b');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(net.calls).toEqual(['lease']);
    expect($search.get()).toEqual({ query: 'a b', results: null, status: 'short' });
    setSearchQuery('TI');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(net.calls).toEqual(['lease', 'TI']);
  });

  it('shows the destructive notice when the search fails', async () => {
    setSearchQuery('lease');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await net.release('lease', { message: 'boom' }, 500);
    expect($search.get().status).toBe('error');
    expect(toasts).toEqual([{ title: 'Search failed', description: 'Could not perform search at this time', variant: 'destructive' }]);
  });
});

describe('the search log', () => {
  const typingOf = (call: number) => new URL(String(net.fetchMock.mock.calls[call]?.[0]), 'http://localhost').searchParams.get('typing');

  it('sends one typing run id with every search of a run, and a new one after Clear', async () => {
    setSearchQuery('zil');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    setSearchQuery('zillow');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    clearSearch();
    setSearchQuery('noi');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(net.calls).toEqual(['zil', 'zillow', 'noi']);
    expect(typingOf(0)).toMatch(/^[0-9a-f]{12}$/);
    expect(typingOf(1)).toBe(typingOf(0));
    expect(typingOf(2)).toMatch(/^[0-9a-f]{12}$/);
    expect(typingOf(2)).not.toBe(typingOf(0));
  });

  it('tells the search log which result was opened, with the term its answer was for and the run', async () => {
    setSearchQuery('noi');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await net.release('noi', answer('NOI'));
    setSearchQuery('noi x'); // typing on: the shown results still answer "noi"
    reportOpened('/modules/1');
    expect(opened).toEqual([{ q: 'noi', href: '/modules/1', typing: typingOf(0) }]);
  });

  it('tells nothing before an answer is shown', () => {
    setSearchQuery('noi');
    reportOpened('/modules/1');
    expect(opened).toEqual([]);
  });
});
