// Visit tracking (docs/product.md "Visit tracking", "POST /api/track-visit"). Bundled into every page of AppLayout, so it only
// runs for a signed-in user. It records a visit on page entry, one on leaving the page
// (exitPage 'navigation') and one on each tab change ('hub:tabchange' from src/page-scripts/tabs.ts).
// The entry is dated when the page opens and sent once it has settled, so it never shares the connection
// with the page's first paints; leaving or changing tab before then sends it first.
// Failures are only logged, and nothing here ever delays or blocks navigation.
import type { TrackVisitRequest } from '~/shared/api/team';
import { whenSettled } from '~/client-directives/when-settled';
import type { TabChangeDetail } from './tabs';

/** How long after the page has settled its entry is sent. */
const ENTRY_PAUSE_MS = 250;

const ENDPOINT = '/api/track-visit';

/** A not-found page is no visit: the server would refuse its path (src/layouts/AppLayout.astro marks it). */
const tracked = document.body.dataset['visits'] !== 'off';

function visit(tabId: string | null, exitPage: 'navigation' | null): TrackVisitRequest {
  return {
    pagePath: window.location.pathname.slice(0, 512) || '/',
    tabId,
    timeSpent: null,
    exitPage,
    visitDate: new Date().toISOString(),
  };
}

/** Entry and tab changes: a keepalive fetch, so a failure can be logged and a quick navigation does not cancel it. */
function send(body: TrackVisitRequest): void {
  if (!tracked) return;
  fetch(ENDPOINT, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
    .then((response) => {
      if (!response.ok) console.warn(`Visit tracking failed: ${response.status} ${response.statusText}`);
      return response.body?.cancel(); // read nothing, but let the request complete
    })
    .catch((error: unknown) => console.warn('Visit tracking failed:', error));
}

/** Leaving the page: a beacon the browser delivers after the page is gone; keepalive fetch when unavailable. */
function sendOnExit(body: TrackVisitRequest): void {
  if (!tracked) return;
  const payload = JSON.stringify(body);
  try {
    if (navigator.sendBeacon?.(ENDPOINT, new Blob([payload], { type: 'application/json' }))) return;
  } catch (error) {
    console.warn('Visit tracking beacon failed:', error);
  }
  send(body);
}

let entered = false;
/** The entry not sent yet. */
let entry: TrackVisitRequest | null = null;

function sendEntry(): void {
  if (entry) send(entry);
  entry = null;
}

function enter(): void {
  if (entered) return;
  entered = true;
  entry = visit(null, null);
  whenSettled(sendEntry, ENTRY_PAUSE_MS);
}

enter();

// Back/forward cache: a restored page is entered again, and left again later.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) enter();
});
window.addEventListener('pagehide', () => {
  if (!entered) return;
  entered = false;
  if (entry) sendOnExit(entry);
  entry = null;
  sendOnExit(visit(null, 'navigation'));
});

document.addEventListener('hub:tabchange', (event) => {
  const detail = (event as CustomEvent<Partial<TabChangeDetail>>).detail;
  if (typeof detail?.tabId !== 'string' || detail.tabId.length === 0) return;
  sendEntry();
  send(visit(detail.tabId.slice(0, 64), null));
});
