// A result opened from a search, for the search log (docs/product.md "POST /api/search/opened"). Islands raise it
// as a window event; the page's search-log script (src/page-scripts/search-opened.ts) sends it as a beacon. That
// script imports no module an island imports, so Astro inlines it in the page instead of fetching it before the
// first paint; it names the event with this type, so the two cannot drift apart.
import type { SearchOpenedRequest } from '~/shared/api/search';

export type SearchOpenedEventName = 'parcelwise:search-opened';
const SEARCH_OPENED_EVENT: SearchOpenedEventName = 'parcelwise:search-opened';

export function reportOpenedResult(body: SearchOpenedRequest): void {
  window.dispatchEvent(new window.CustomEvent<SearchOpenedRequest>(SEARCH_OPENED_EVENT, { detail: body }));
}
