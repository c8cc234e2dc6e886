// The search log's beacon on every page (docs/product.md "POST /api/search/opened"): a result opened from the
// header search (the island's window event, src/stores/search-opened.ts) or from the /search page (a click,
// a modified click or a middle click on a hit's link) is told to the log. A beacon: the browser delivers it after
// the page is gone, so following the link never waits; the link itself works as always. Only logged on failure:
// nobody sees this call.
import type { SearchOpenedRequest } from '~/shared/api/search';
import type { SearchOpenedEventName } from '~/stores/search-opened';

const ENDPOINT = '/api/search/opened';
const SEARCH_OPENED_EVENT: SearchOpenedEventName = 'parcelwise:search-opened';

function tellLog(body: SearchOpenedRequest): void {
  const payload = JSON.stringify(body);
  try {
    if (navigator.sendBeacon?.(ENDPOINT, new Blob([payload], { type: 'application/json' }))) return;
  } catch (error) {
    console.warn('Search log beacon failed:', error);
  }
  fetch(ENDPOINT, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: payload,
  }).catch((error: unknown) => console.warn('Search log failed:', error));
}

window.addEventListener(SEARCH_OPENED_EVENT, (event) => tellLog((event as CustomEvent<SearchOpenedRequest>).detail));

/** A hit of the /search page's results (their container names the term). */
function openedFromPage(event: MouseEvent): void {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-search-hit]') : null;
  const q = link?.closest<HTMLElement>('[data-search-term]')?.dataset['searchTerm'];
  if (!q || !link || (event.type === 'auxclick' && event.button !== 1)) return;
  tellLog({ q, href: link.getAttribute('href') ?? '' });
}

document.addEventListener('click', openedFromPage);
document.addEventListener('auxclick', openedFromPage);
