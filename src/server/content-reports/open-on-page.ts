/**
 * The reports open on the page a reader asked for: the markers under its path, from one listing. Apart from
 * the content-reports service (no content to load): the session gate starts the listing with the session
 * check, on every protected page, so it shares the check's round trip instead of adding one after the page's
 * own reads; its answer is kept only once the check confirms the reader, and the layout uses it only on a
 * content page.
 */
import { canonicalPagePath } from '~/shared/routes';
import { reports, type OpenMarker } from './storage/reports';

const started = new WeakMap<object, Promise<OpenMarker[] | null>>();

/** The markers open on this request's page: null when the check does not confirm a reader. */
export function openOnPage(gate: { check: Promise<unknown> }, path: string): Promise<OpenMarker[] | null> {
  let markers = started.get(gate);
  if (!markers) {
    const listed = reports.openOn(canonicalPagePath(path));
    listed.catch(() => undefined); // a failure is the layout's to handle, when it asks
    markers = gate.check.then((who) => (who ? listed : null));
    markers.catch(() => undefined); // unasked on a page that is not a content page
    started.set(gate, markers);
  }
  return markers;
}
