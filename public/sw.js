// @ts-check
/// <reference lib="webworker" />
/**
 * The hub's service worker: what a rep needs before a call, available offline to the person signed in.
 * It keeps the pages GET /api/offline-pages lists (prep pages of the next 48 hours, every persona, the plays)
 * and serves them only when the network fails, with a "Saved for offline" line. Every page's answer names
 * its reader in X-Offline-Key (a keyed digest of the account, "none" signed out), as does the list: a page or
 * a list for another person clears what was kept, and the sign-in page, where a sign-out or an ended session
 * lands, clears everything. Only GETs of those pages and of the sign-in page pass through here; every other
 * request goes to the network untouched.
 * Plain JavaScript served as is from public/: a service worker must sit at the root to see every page.
 */

const CACHE_PREFIX = 'parcelwise-offline-';
/** The pages that may ever be kept: the list the server gives is checked against these. */
const KEEPABLE = [/^\/personas\/?$/, /^\/personas\/\d+\/?$/, /^\/sales-situations\/?$/, /^\/prep\/[A-Za-z0-9_-]+\/?$/];
const SAVED_AT = 'X-Saved-At';
/** A sync after a sync this recent is skipped (every page view asks for one). */
const SYNC_EVERY_MS = 10 * 60 * 1000;

/** @type {ServiceWorkerGlobalScope} */
const worker = /** @type {any} */ (self);
let lastSync = 0;

/** @param {string} url */
const isKeepable = (url) => {
  const parsed = new URL(url);
  return parsed.origin === worker.location.origin && KEEPABLE.some((pattern) => pattern.test(parsed.pathname));
};

/** @param {string} url the page's address without its query or fragment */
const pageKey = (url) => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.replace(/\/$/, '') || '/'}`;
};

/** The one cache kept (for the person last seen), if any. */
async function keptCacheName() {
  const names = await caches.keys();
  return names.find((name) => name.startsWith(CACHE_PREFIX)) ?? null;
}

/** Drops every cache but the reader's (all of them for "none"). @param {string} readerKey */
async function keepOnlyFor(readerKey) {
  const names = await caches.keys();
  const others = names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_PREFIX + readerKey);
  if (others.length > 0) lastSync = 0; // the next page view keeps the new reader's pages
  await Promise.all(others.map((name) => caches.delete(name)));
}

/**
 * Learns from a page's answer who reads it; keeps a keepable page of a signed-in reader.
 * @param {string} url @param {Response} response
 */
async function remember(url, response) {
  const readerKey = response.headers.get('X-Offline-Key');
  if (readerKey === null) return;
  await keepOnlyFor(readerKey === 'none' ? '' : readerKey);
  if (readerKey === 'none' || !response.ok || !isKeepable(url)) return;
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, new Date().toISOString());
  const body = await response.arrayBuffer();
  const cache = await caches.open(CACHE_PREFIX + readerKey);
  await cache.put(pageKey(url), new Response(body, { status: 200, headers }));
}

/** @param {string} iso */
const asOf = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A kept page with the line that says it is the saved copy. @param {Response} saved */
async function withOfflineNote(saved) {
  const html = await saved.text();
  const savedAt = saved.headers.get(SAVED_AT);
  const note =
    `<p role="status" class="alert alert-info mb-4" data-testid="offline-note">Saved for offline — as of ` +
    `<time datetime="${savedAt}">${savedAt ? asOf(savedAt) : ''}</time></p>`;
  const marked = /<main\b[^>]*>/.test(html) ? html.replace(/<main\b[^>]*>/, (main) => main + note) : html;
  return new Response(marked, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

/** A kept page for this address, of the person last seen. @param {string} url */
async function savedPage(url) {
  const name = await keptCacheName();
  if (!name || !isKeepable(url)) return null;
  const cache = await caches.open(name);
  return (await cache.match(pageKey(url))) ?? null;
}

/** @param {Request} request */
async function networkFirst(request) {
  try {
    const response = await fetch(request);
    await remember(request.url, response.clone()).catch(() => undefined);
    return response;
  } catch (error) {
    const saved = await savedPage(request.url);
    if (saved) return withOfflineNote(saved);
    throw error;
  }
}

/** Fetches and keeps the pages the server lists for the person signed in. */
async function sync() {
  if (Date.now() - lastSync < SYNC_EVERY_MS) return;
  lastSync = Date.now();
  const listed = await fetch('/api/offline-pages', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!listed.ok) {
    if (listed.status === 401) await keepOnlyFor('');
    return;
  }
  const { readerKey, pages } = /** @type {{ readerKey: string, pages: string[] }} */ (await listed.json());
  await keepOnlyFor(readerKey);
  const urls = pages.map((path) => new URL(path, worker.location.origin).href).filter(isKeepable);
  for (const url of urls) {
    const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/html' } }).catch(() => null);
    if (response) await remember(url, response);
  }
}

worker.addEventListener('install', () => void worker.skipWaiting());
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || request.mode !== 'navigate') return;
  // The sign-in page is where a sign-out or an ended session lands: its answer clears what was kept.
  if (isKeepable(request.url) || new URL(request.url).pathname === '/auth') event.respondWith(networkFirst(request));
});

worker.addEventListener('message', (event) => {
  if (event.data?.type !== 'sync') return;
  const [port] = event.ports;
  const done = sync().then(
    () => port?.postMessage({ synced: true }),
    () => port?.postMessage({ synced: false }),
  );
  event.waitUntil(done);
});
