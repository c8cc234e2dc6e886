// The offline service worker (public/sw.js) run in a context of its own with a fake Cache Storage and
// network: what it keeps, for whom, what it answers offline, and what clears it.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it } from 'vitest';

const SOURCE = readFileSync('public/sw.js', 'utf8');
const ORIGIN = 'https://hub.example';

interface WorkerEvent {
  request?: { url: string; method: string; mode: string };
  respondWith?: (promise: Promise<Response>) => void;
  data?: { type: string };
  ports?: { postMessage: (message: { synced: boolean }) => void }[];
  waitUntil?: (promise: Promise<unknown>) => void;
}
type Listener = (event: WorkerEvent) => void;
interface Answer {
  status?: number;
  reader?: string | null;
  body?: string;
}

/** One installed worker: its listeners, its caches, and a network the test answers. */
function installWorker() {
  const listeners = new Map<string, Listener>();
  const stores = new Map<string, Map<string, Response>>();
  const answers = new Map<string, Answer>();
  const fetched: string[] = [];
  let online = true;
  const caches = {
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      const store = stores.get(name)!;
      return {
        put: async (url: string, response: Response) => void store.set(url, response),
        match: async (url: string) => store.get(url)?.clone(),
      };
    },
  };
  const fetch = async (input: string | Request) => {
    const url = new URL(typeof input === 'string' ? input : input.url, ORIGIN).href;
    fetched.push(new URL(url).pathname);
    if (!online) throw new TypeError('Failed to fetch');
    const answer = answers.get(new URL(url).pathname) ?? { status: 404, reader: null };
    const headers = new Headers({ 'Content-Type': answer.body?.startsWith('{') ? 'application/json' : 'text/html' });
    if (answer.reader) headers.set('X-Offline-Key', answer.reader);
    return new Response(answer.body ?? '<html><body><main class="p-4"><h1>Page</h1></main></body></html>', {
      status: answer.status ?? 200,
      headers,
    });
  };
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  runInNewContext(SOURCE, { self, caches, fetch, Headers, Response, Request, URL, Date, Promise });

  /** A navigation as the browser sends it: the worker's answer, or null when it lets it through. */
  const navigate = async (path: string, method = 'GET', mode = 'navigate'): Promise<Response | null> => {
    let answered: Promise<Response> | null = null;
    listeners.get('fetch')!({
      request: { url: `${ORIGIN}${path}`, method, mode },
      respondWith: (promise: Promise<Response>) => (answered = promise),
    });
    return answered;
  };
  const sync = async (): Promise<boolean> => {
    let reply: { synced: boolean } | undefined;
    let done: Promise<unknown> = Promise.resolve();
    listeners.get('message')!({
      data: { type: 'sync' },
      ports: [{ postMessage: (message: { synced: boolean }) => (reply = message) }],
      waitUntil: (promise: Promise<unknown>) => (done = promise),
    });
    await done;
    return reply!.synced;
  };
  return {
    answers,
    fetched,
    navigate,
    sync,
    kept: () => [...stores.entries()].map(([name, store]) => [name, [...store.keys()].map((url) => new URL(url).pathname)]),
    goOffline: () => (online = false),
    goOnline: () => (online = true),
  };
}

let worker: ReturnType<typeof installWorker>;
beforeEach(() => {
  worker = installWorker();
  worker.answers.set('/personas/3', { reader: 'reader-a' });
  worker.answers.set('/auth', { reader: 'none' });
});

describe('the offline service worker', () => {
  it('keeps a persona page a signed-in reader opened, and answers it offline with the saved-for-offline line inside <main>', async () => {
    const online = await worker.navigate('/personas/3');
    expect(online!.status).toBe(200);
    expect(await online!.text()).not.toContain('Saved for offline');
    expect(worker.kept()).toEqual([['parcelwise-offline-reader-a', ['/personas/3']]]);

    worker.goOffline();
    const offline = await worker.navigate('/personas/3?tab=profile');
    const html = await offline!.text();
    expect(html).toMatch(
      /<main class="p-4"><p role="status" class="alert alert-info mb-4" data-testid="offline-note">Saved for offline — as of <time datetime="\d{4}-\d\d-\d\dT[^"]+Z">[^<]+<\/time><\/p><h1>Page<\/h1>/,
    );
  });

  it('drops the copy when a page names another reader, and everything on the sign-in page signed out', async () => {
    await worker.navigate('/personas/3');
    worker.answers.set('/personas/3', { reader: 'reader-b' });
    worker.answers.set('/sales-situations', { reader: 'reader-b' });
    await worker.navigate('/sales-situations');
    expect(worker.kept()).toEqual([['parcelwise-offline-reader-b', ['/sales-situations']]]);

    await worker.navigate('/auth');
    expect(worker.kept()).toEqual([]);
    worker.goOffline();
    await expect(worker.navigate('/sales-situations')).rejects.toThrow('Failed to fetch');
  });

  it('keeps nothing without a reader, nothing that failed, and lets every other request through untouched', async () => {
    worker.answers.set('/personas/4', { reader: null });
    worker.answers.set('/personas/5', { reader: 'reader-a', status: 500 });
    await worker.navigate('/personas/4');
    await worker.navigate('/personas/5');
    expect(worker.kept()).toEqual([]);

    expect(await worker.navigate('/quizzes/1')).toBeNull();
    expect(await worker.navigate('/settings')).toBeNull();
    expect(await worker.navigate('/personas/3', 'POST')).toBeNull();
    expect(await worker.navigate('/personas/3', 'GET', 'cors')).toBeNull(); // a fetch of the page, not a navigation
    expect(await worker.navigate('/personas/3')).not.toBeNull();
  });

  it('syncs the pages the server lists for the reader, never one it may not keep', async () => {
    worker.answers.set('/api/offline-pages', {
      body: JSON.stringify({ readerKey: 'reader-a', pages: ['/prep/0123abcd', '/personas/3', '/settings', 'https://elsewhere.example/x'] }),
    });
    worker.answers.set('/prep/0123abcd', { reader: 'reader-a' });
    expect(await worker.sync()).toBe(true);
    expect(worker.fetched).toEqual(['/api/offline-pages', '/prep/0123abcd', '/personas/3']);
    expect(worker.kept()).toEqual([['parcelwise-offline-reader-a', ['/prep/0123abcd', '/personas/3']]]);

    // Asked again at once (every page view asks): nothing fetched.
    expect(await worker.sync()).toBe(true);
    expect(worker.fetched).toHaveLength(3);
  });

  it('clears everything when the list answers 401 (the session ended), and says a failed sync failed', async () => {
    await worker.navigate('/personas/3');
    worker.answers.set('/api/offline-pages', { status: 401, body: '{"message":"Not signed in"}' });
    expect(await worker.sync()).toBe(true);
    expect(worker.kept()).toEqual([]);

    const fresh = installWorker();
    fresh.goOffline();
    expect(await fresh.sync()).toBe(false);
  });

  it('answers nothing offline for a page it never kept', async () => {
    worker.goOffline();
    await expect(worker.navigate('/personas/7')).rejects.toThrow('Failed to fetch');
  });
});
