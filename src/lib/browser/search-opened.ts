// A result opened from a search, told to the search log (docs/product.md "POST /api/search/opened") as a
// beacon: the browser delivers it after the page is gone, so following the link never waits. Only logged
// on failure: nobody sees this call.
import type { SearchOpenedRequest } from '~/lib/api/search';

const ENDPOINT = '/api/search/opened';

export function reportOpenedResult(body: SearchOpenedRequest): void {
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
